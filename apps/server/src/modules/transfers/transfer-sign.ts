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
    // Every verified key in one insert; a key already there (a race) is a duplicate. The count
    // read beside it sees the rows from before the insert, so the total is the two added.
    const { added, before } = await trx
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
      .selectNoFrom([
        sql<number>`(select count(*) from added)`.as('added'),
        sql<number>`(select count(*) from task_signatures where task_id = ${task.id})`.as('before'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(added) !== verified.length) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
    const count = { n: Number(before) + Number(added) };
    const weight = weights
      ? (await taskSignatures(trx, task.id)).reduce((sum, s) => sum + (weights.get(s.signer) ?? 0), 0)
      : Number(count.n);
    const ready = weight >= threshold;
    const next = isMessage ? TransferStatus.Completed : TransferStatus.PendingBroadcast;
    await trx
      .updateTable('tasks')
      .set({
        payload,
        signing_threshold: threshold,
        ...(ready ? { status: next, ...(isMessage ? { final_at: new Date() } : {}) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .execute();
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
    // Last: the space's audit chain stays locked until the commit.
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
