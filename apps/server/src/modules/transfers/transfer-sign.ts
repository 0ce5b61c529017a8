import { sql } from 'kysely';
import type { SignatureSubmission } from '@keystead/chains';
import type { AppContext } from '../../context';
import { recordSponsored } from '../fee-payers/payment-records';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { loadTransferToSign } from './transfer-access';
import { taskNumber } from './transfer-create';
import { family, familyOf, payingWallet, storedTransfer } from './transfer-family';
import { notifyUsers } from './transfer-notify';
import {
  keepPayloadVersion,
  lockTask,
  sameSignerKey,
  taskSignatures,
  walletUserQuery,
} from './transfer-repository';
import { TransferStatus } from './transfer-status';
import { assertNoRecoveryPending } from './transfer-wallet';

/**
 * Counts a signer's submission (§4 signing), for every family: the adapter verifies each
 * signature against the exact payload and names the wallet key it belongs to; the key must
 * still sign for the wallet on chain and be one of this user's keys on the wallet. Each key
 * counts once; at the threshold the task is ready to broadcast (5).
 */
export async function signTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: { task_id: number } & SignatureSubmission,
) {
  const { user } = actor;
  // The task, its wallet, the keys that signed it and who holds each wallet key: one read.
  const { task, wallet, signed, ownerOf } = await loadTransferToSign(ctx, actor, input.task_id);
  assertNoRecoveryPending(wallet, task);
  const adapter = familyOf(ctx, wallet.chain_key);
  const fw = await payingWallet(ctx, wallet);
  const stored = storedTransfer(task);
  // A message (Dapp, EIP-1271) has nothing to broadcast: it is done at the threshold.
  const isMessage = adapter.messages?.isMessage(stored) ?? false;
  const verified = await family(() => adapter.verifySubmission(fw, stored, input));
  const keys = verified.map((v) => v.signerKey);
  // The same key again is a duplicate whatever the status now (it may have crossed the threshold).
  if (keys.some((k) => signed.some((c) => sameSignerKey(c, k))))
    throw new AppError('SIGNATURE_DUPLICATE_ERROR');
  if (task.status !== TransferStatus.PendingSignature) throw new AppError('SIGNATURE_TASK_STATUS_ERROR');
  const threshold = await family(() => adapter.currentThreshold(fw, stored, keys));
  // Weighted families (Tron): each key counts its weight in the on-chain permission, read now.
  const weights = adapter.keyWeights ? await family(() => adapter.keyWeights!(fw)) : null;
  if (keys.some((key) => ownerOf(key) !== user.id)) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
  // Squads approvals are transactions of their own: on chain before they count.
  if (adapter.submitSignatures) {
    const sent = await family(() => adapter.submitSignatures!(fw, stored, verified));
    await recordSponsored(ctx.db, {
      organizationId: wallet.organization_id,
      chainKey: wallet.chain_key,
      purpose: 'approval',
      sender: fw.feePayer?.address ?? '',
      hashes: sent,
      walletId: wallet.id,
      taskId: task.id,
    });
  }

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (locked.status !== TransferStatus.PendingSignature) {
      const again = await taskSignatures(trx, task.id);
      if (keys.some((k) => again.some((c) => sameSignerKey(c.signer, k))))
        throw new AppError('SIGNATURE_DUPLICATE_ERROR');
      throw new AppError('SIGNATURE_TASK_STATUS_ERROR');
    }
    const payload = await family(() => adapter.mergeSignatures(fw, locked.payload!, input, verified));
    const next = isMessage ? TransferStatus.Completed : TransferStatus.PendingBroadcast;
    // One statement: every verified key inserted (a key already there, a race, is a duplicate),
    // the tally with the rows from before the insert, and the task's payload and (at the
    // threshold) status. A duplicate throws below and the transaction takes it all back.
    const tally = await trx
      .with('added', (db) =>
        db
          .insertInto('task_signatures')
          .values(
            verified.map((v) => ({
              task_id: task.id,
              signer: v.signerKey,
              user_id: user.id,
              kind: v.kind,
              signature: v.proof,
            })),
          )
          .onConflict((oc) => oc.columns(['task_id', 'signer']).doNothing())
          .returning('signer'),
      )
      .with('tally', (db) =>
        db.selectNoFrom([
          sql<number>`(select count(*) from added)`.as('added'),
          sql<number>`(select count(*) from task_signatures where task_id = ${task.id})`.as('before'),
          signedWeight(task.id, weights).as('weight'),
        ]),
      )
      .with('updated', (db) =>
        db
          .updateTable('tasks')
          .set({
            payload,
            signing_threshold: threshold,
            status: sql`case when (select weight from tally) >= ${threshold} then ${next} else status end`,
            ...(isMessage
              ? {
                  final_at: sql`case when (select weight from tally) >= ${threshold} then ${new Date()} else final_at end`,
                }
              : {}),
            updated_at: new Date(),
          })
          .where('id', '=', task.id)
          .returning('status'),
      )
      .selectFrom(['tally', 'updated'])
      .select(['tally.added', 'tally.before', 'tally.weight', 'updated.status'])
      .executeTakeFirstOrThrow();
    if (Number(tally.added) !== verified.length) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
    const count = { n: Number(tally.before) + Number(tally.added) };
    const weight = Number(tally.weight);
    // The statement decided: the task was waiting for signatures (checked under its lock above).
    const ready = Number(tally.status) === next;
    if (payload !== locked.payload) await keepPayloadVersion(trx, task.id, payload, user.id);
    if (ready && isMessage) {
      const title = `Message ${taskNumber(task.id)} is signed`;
      const body = 'The Dapp that asked for it can now use the signature.';
      await notifyUsers(ctx, trx, task.created_by ? [task.created_by] : [], locked, wallet.name, title, body);
    } else if (ready) {
      const broadcasters = walletUserQuery(trx, wallet.id, ['broadcaster', 'operator']);
      const title = `Transfer ${taskNumber(task.id)} is signed`;
      await notifyUsers(ctx, trx, broadcasters, locked, wallet.name, title, 'It is ready to broadcast.');
    }
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'sign',
      ip: actor.ip,
      content: {
        task_id: task.id,
        kind: verified[0]!.kind,
        ...(verified.length === 1 && verified[0]!.kind !== 'psbt' ? { signer: keys[0] } : {}),
        keys: verified.map((v) => v.audit),
      },
    });
    return {
      status: ready ? next : TransferStatus.PendingSignature,
      signatures: Number(count.n),
      threshold,
      ...(weights ? { weight } : {}),
    };
  });
}

/**
 * What the task's signatures weigh with the ones being added (the `added` rows of the statement):
 * their number, or for weighted families (Tron) the sum of each key's weight on chain.
 */
function signedWeight(taskId: number, weights: ReadonlyMap<string, number> | null) {
  if (!weights?.size)
    return weights
      ? sql<number>`0`
      : sql<number>`(select count(*) from added) + (select count(*) from task_signatures where task_id = ${taskId})`;
  const table = sql.join([...weights].map(([signer, weight]) => sql`(${signer}, ${weight}::int)`));
  return sql<number>`(select coalesce(sum(w.weight), 0) from (
      select signer from task_signatures where task_id = ${taskId} union all select signer from added
    ) s join (values ${table}) as w(signer, weight) on w.signer = s.signer)`;
}
