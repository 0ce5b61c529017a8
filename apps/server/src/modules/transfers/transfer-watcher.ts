import type { EvmAdapter, EvmConfirmationStatus } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task } from '../../db/schema';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { BroadcastStatus, relayBroadcast } from './broadcast-relay';
import { taskNumber } from './transfer-create';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';

/** An attempt not seen by the node this long after it was stored is sent (again). */
const RESEND_AFTER_MS = 15_000;

/**
 * Follows broadcast transfers (status 6) to the end: the Safe's ExecutionSuccess → completed
 * (1); a revert or ExecutionFailure → failed (2) with the reason. Among speed-up attempts the
 * mined one wins and the others are marked replaced. An attempt the node does not know — the
 * process died before or while sending — is sent again; one the node knows never is.
 * Guarded by status, so every server process may run it.
 */
export async function followExecutions(ctx: AppContext): Promise<number> {
  const onChain = await ctx.db
    .selectFrom('tasks')
    .innerJoin('wallets as w', 'w.id', 'tasks.wallet_id')
    .selectAll('tasks')
    .select('w.address as wallet_address')
    .where('tasks.type', '=', TRANSFER_TASK)
    .where('tasks.status', '=', TransferStatus.OnChain)
    .execute();
  let settled = 0;
  for (const task of onChain) {
    let chain: EvmAdapter;
    try {
      chain = ctx.chains.walletChain(task.chain_key!);
    } catch {
      continue;
    }
    const attempts = await ctx.db
      .selectFrom('task_broadcasts')
      .selectAll()
      .where('task_id', '=', task.id)
      .where('status', '=', BroadcastStatus.Pending)
      .orderBy('id')
      .execute();
    const candidates =
      attempts.length > 0
        ? attempts
        : [
            {
              id: 0,
              tx_hash: task.exec_tx_hash!,
              raw_tx: null,
              sent_at: new Date(0),
              created_at: new Date(0),
            },
          ];
    for (const [index, attempt] of candidates.entries()) {
      const result = await chain.getConfirmation(attempt.tx_hash).catch(() => null);
      if (!result) continue;
      if (result.state === 'confirmed' || result.state === 'failed') {
        if (await settle(ctx, task, attempt.id, attempt.tx_hash, result)) settled += 1;
        break;
      }
      // Only the newest attempt is ever sent again: an older one was replaced on purpose.
      const newest = index === candidates.length - 1;
      const lastTouch = (attempt.sent_at ?? attempt.created_at).getTime();
      if (
        newest &&
        result.state === 'unknown' &&
        attempt.raw_tx &&
        Date.now() - lastTouch > RESEND_AFTER_MS
      ) {
        await relayBroadcast(ctx, attempt.id).catch((error: unknown) =>
          ctx.log.warn({ err: error, task_id: task.id }, 'broadcast resend refused'),
        );
      }
    }
  }
  return settled;
}

async function settle(
  ctx: AppContext,
  task: Task & { wallet_address: string | null },
  attemptId: number,
  txHash: string,
  result: EvmConfirmationStatus,
): Promise<boolean> {
  const executed =
    result.state === 'confirmed' &&
    result.safeExecution?.success === true &&
    result.safeExecution.safeTxHash.toLowerCase() === task.safe_tx_hash!.toLowerCase();
  const status = executed ? TransferStatus.Completed : TransferStatus.Failed;
  const reason = executed
    ? null
    : (result.reason ??
      (result.safeExecution ? 'ExecutionFailure' : 'the transaction did not execute this transfer'));
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('tasks')
      .set({
        status,
        failure_reason: reason,
        exec_tx_hash: txHash,
        block_number: result.blockNumber?.toString() ?? null,
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .where('status', '=', TransferStatus.OnChain)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    if (attemptId) {
      await trx
        .updateTable('task_broadcasts')
        .set({ status: executed ? BroadcastStatus.Success : BroadcastStatus.Failed })
        .where('id', '=', attemptId)
        .execute();
      await trx
        .updateTable('task_broadcasts')
        .set({ status: BroadcastStatus.Replaced })
        .where('task_id', '=', task.id)
        .where('id', '!=', attemptId)
        .where('status', '=', BroadcastStatus.Pending)
        .execute();
    }
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: null,
      type: 'transfer',
      operation: executed ? 'completed' : 'failed',
      content: { task_id: task.id, tx_hash: txHash, reason },
    });
    if (executed) {
      if (task.rejection_of) {
        // The rejection used the nonce: the original can never execute now.
        await trx
          .updateTable('tasks')
          .set({ status: TransferStatus.Revoked, updated_at: new Date() })
          .where('id', '=', task.rejection_of)
          .where('status', 'in', [
            TransferStatus.PendingApproval,
            TransferStatus.PendingSignature,
            TransferStatus.PendingBroadcast,
          ])
          .execute();
        await writeAudit(trx, {
          organizationId: task.organization_id,
          userId: null,
          type: 'transfer',
          operation: 'revoke',
          content: { task_id: task.rejection_of, by_rejection: task.id, tx_hash: txHash },
        });
      } else {
        // The transfer used the nonce first: a pending rejection of it is cancelled (10).
        await trx
          .updateTable('tasks')
          .set({ status: TransferStatus.UserCancelled, updated_at: new Date() })
          .where('rejection_of', '=', task.id)
          .where('status', 'in', [
            TransferStatus.PendingApproval,
            TransferStatus.PendingSignature,
            TransferStatus.PendingBroadcast,
          ])
          .execute();
        if (task.amount && BigInt(task.amount) > 0n) {
          await trx
            .insertInto('transfer_records')
            .values({
              organization_id: task.organization_id,
              wallet_id: task.wallet_id!,
              chain_key: task.chain_key!,
              direction: 2,
              tx_hash: txHash,
              log_index: -1,
              from_address: task.wallet_address ?? '',
              to_address: task.to_address!,
              token_key: task.token_key!,
              symbol: task.symbol!,
              decimals: task.decimals!,
              amount: task.amount,
              block_number: (result.blockNumber ?? 0n).toString(),
              task_id: task.id,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    }
    if (task.created_by) {
      await notify(
        trx,
        {
          userId: task.created_by,
          organizationId: task.organization_id,
          category: 'transfer',
          topic: 'task',
          title: `Transfer ${taskNumber(task.id)} ${executed ? 'completed' : 'failed'}`,
          body: executed ? `Executed in ${txHash}.` : `It did not execute: ${reason}`,
          taskNumber: taskNumber(task.id),
        },
        Boolean(ctx.config.SMTP_URL),
      );
    }
    return true;
  });
}
