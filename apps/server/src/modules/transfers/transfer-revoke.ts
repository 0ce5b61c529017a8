import type { Kysely } from 'kysely';
import type { PreparedTransfer } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Database, Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canOnWallet } from '../policy/policy';
import { loadTransfer } from './transfer-access';
import { taskNumber } from './transfer-create';
import { family, familyOf, familyWallet, storedTransfer } from './transfer-family';
import { notifyUsers } from './transfer-notify';
import { keepPayloadVersion, lockTask, walletUserQuery } from './transfer-repository';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';

/**
 * Revoke (§4: 0, 3 and 5). Before the signatures are complete the task simply ends and frees
 * what it held. A fully signed transfer (5) means what its family says: where anyone holding the
 * signatures could still execute it (a Safe), a rejection at the same nonce becomes its own task
 * that the signers sign and the broadcaster sends; where spending its coins elsewhere is what
 * cancels it (Bitcoin family), the coins are released.
 */
export async function revokeTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: { task_id: number; comment?: string | undefined },
) {
  const { member, user } = actor;
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  const revoke = canOnWallet(member.role, relation, 'revoke', {
    userId: user.id,
    createdBy: task.created_by,
  });
  if (!revoke.allowed) throw new AppError(revoke.code!);
  const adapter = familyOf(ctx, wallet.chain_key);
  // A signed transfer whose nonce another transaction already used can never execute: it ends
  // here without a rejection (a waiting pre-signed transfer, typically).
  const stale =
    task.status === TransferStatus.PendingBroadcast && adapter.sequenceTaken
      ? await family(() => adapter.sequenceTaken!(familyWallet(wallet), storedTransfer(task)))
      : false;
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (locked.status === TransferStatus.Revoked) throw new AppError('TASK_ALREADY_REVOKED_ERROR');
    const signed = locked.status === TransferStatus.PendingBroadcast;
    if (signed && !stale && adapter.capabilities.revokeSigned === 'rejection' && !locked.rejection_of) {
      const existing = await trx
        .selectFrom('tasks')
        .select('id')
        .where('rejection_of', '=', task.id)
        .where('status', 'in', [0, 3, 5, 6])
        .executeTakeFirst();
      if (existing) throw new AppError('TASK_ALREADY_REVOKED_ERROR', {}, { rejection_task_id: existing.id });
      const prepared = await family(() =>
        adapter.buildRejection!(familyWallet(wallet), storedTransfer(locked)),
      );
      const rejection = await insertRejection(trx, locked, wallet, user.id, prepared, adapter.chain.info);
      await writeAudit(trx, {
        organizationId: task.organization_id,
        userId: user.id,
        type: 'transfer',
        operation: 'revoke_requested',
        ip: actor.ip,
        content: {
          task_id: task.id,
          rejection_task_id: rejection.id,
          nonce: locked.sequence,
          comment: input.comment ?? null,
        },
      });
      const signers = walletUserQuery(trx, wallet.id, ['signer']);
      const body = `Sign the rejection at nonce ${locked.sequence ?? ''} so the signed transfer can never execute.`;
      await notifyUsers(
        ctx,
        trx,
        signers,
        rejection,
        wallet.name,
        `Cancel transfer ${taskNumber(task.id)}`,
        body,
      );
      return { status: locked.status, rejection_task_id: rejection.id };
    }
    const revocable: number[] = [TransferStatus.PendingApproval, TransferStatus.PendingSignature];
    if (adapter.capabilities.revokeSigned === 'release' || stale)
      revocable.push(TransferStatus.PendingBroadcast);
    if (!revocable.includes(locked.status)) throw new AppError('TASK_NOT_REVOCABLE_ERROR');
    await trx
      .updateTable('tasks')
      .set({ status: TransferStatus.Revoked, revoked_by: user.id, updated_at: new Date() })
      .where('id', '=', task.id)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'revoke',
      ip: actor.ip,
      content: { task_id: task.id, stage: locked.status, comment: input.comment ?? null },
    });
    return { status: TransferStatus.Revoked };
  });
}

/** The on-chain cancel of a signed transfer: its own task at the same sequence, straight to the signers. */
async function insertRejection(
  trx: Kysely<Database>,
  original: Task,
  wallet: Wallet,
  userId: number,
  prepared: PreparedTransfer,
  native: { nativeSymbol: string; nativeDecimals: number },
) {
  const task = await trx
    .insertInto('tasks')
    .values({
      organization_id: original.organization_id,
      wallet_id: wallet.id,
      type: TRANSFER_TASK,
      status: TransferStatus.PendingSignature,
      created_by: userId,
      data: JSON.stringify({ rejection: true }),
      chain_key: wallet.chain_key,
      sequence: original.sequence,
      payload: prepared.payload,
      payload_hash: prepared.payloadHash,
      token_key: 'native',
      symbol: native.nativeSymbol,
      decimals: native.nativeDecimals,
      amount: '0',
      to_address: wallet.address!,
      remark: `Rejection of ${taskNumber(original.id)}`,
      approval_threshold: 0,
      signing_threshold: original.signing_threshold,
      fee_tier: original.fee_tier,
      rejection_of: original.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await keepPayloadVersion(trx, task.id, prepared.payload, userId);
  return task;
}
