import { isChainError } from '@keystead/chains';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { TransferStatus } from './transfer-status';

/** Broadcast attempt statuses (§4 speed-up: 1 success, 2 pending, 3 replaced) plus 4 failed. */
export const BroadcastStatus = { Success: 1, Pending: 2, Replaced: 3, Failed: 4 } as const;

/**
 * Sends one stored attempt. The send is counted before it happens (so a crash shows up as a
 * send with no sent_at); the node's "already known" means it has the bytes: success. A refusal
 * fails the attempt, and when no other attempt is pending the task returns to 5 so the
 * broadcaster can try again.
 */
export async function relayBroadcast(ctx: AppContext, attemptId: number): Promise<void> {
  const attempt = await ctx.db
    .selectFrom('task_broadcasts as b')
    .innerJoin('tasks as t', 't.id', 'b.task_id')
    .select(['b.id', 'b.task_id', 'b.raw_tx', 'b.tx_hash', 't.chain_key', 't.organization_id'])
    .where('b.id', '=', attemptId)
    .executeTakeFirstOrThrow();
  if (!attempt.raw_tx) return;
  const chain = ctx.chains.walletChain(attempt.chain_key!);
  await ctx.db
    .updateTable('task_broadcasts')
    .set((eb) => ({ send_count: eb('send_count', '+', 1) }))
    .where('id', '=', attempt.id)
    .execute();
  try {
    await chain.broadcast(attempt.raw_tx);
  } catch (error) {
    if (!isChainError(error)) throw error;
    // Known bytes, or a nonce already used (perhaps by this very transaction): the watcher decides.
    if (error.code === 'ALREADY_KNOWN' || error.code === 'NONCE_TOO_LOW') {
      await markSent(ctx, attempt.id);
      return;
    }
    if (error.code === 'RPC_ERROR' && /unreachable/.test(error.message)) return; // retried by the watcher
    await failAttempt(ctx, attempt.id, attempt.task_id, attempt.organization_id, error.message);
    throw new AppError(
      error.code === 'INSUFFICIENT_FUNDS'
        ? 'BROADCAST_INSUFFICIENT_FEE_ERROR'
        : error.code === 'FEE_TOO_LOW'
          ? 'TRANSFER_FEE_TOO_LOW_ERROR'
          : 'BROADCAST_REJECTED_ERROR',
    );
  }
  // The test of exactly-once delivery kills the process exactly here: sent, not yet recorded.
  if (ctx.config.FAULT_KILL_AFTER_BROADCAST_SEND) process.kill(process.pid, 'SIGKILL');
  await markSent(ctx, attempt.id);
}

async function markSent(ctx: AppContext, attemptId: number) {
  await ctx.db
    .updateTable('task_broadcasts')
    .set({ sent_at: new Date() })
    .where('id', '=', attemptId)
    .where('sent_at', 'is', null)
    .execute();
}

async function failAttempt(
  ctx: AppContext,
  attemptId: number,
  taskId: number,
  organizationId: number,
  reason: string,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('task_broadcasts')
      .set({ status: BroadcastStatus.Failed })
      .where('id', '=', attemptId)
      .where('status', '=', BroadcastStatus.Pending)
      .execute();
    const others = await trx
      .selectFrom('task_broadcasts')
      .select('id')
      .where('task_id', '=', taskId)
      .where('status', '=', BroadcastStatus.Pending)
      .executeTakeFirst();
    if (!others) {
      await trx
        .updateTable('tasks')
        .set({ status: TransferStatus.PendingBroadcast, exec_tx_hash: null, updated_at: new Date() })
        .where('id', '=', taskId)
        .where('status', '=', TransferStatus.OnChain)
        .execute();
    }
    await writeAudit(trx, {
      organizationId,
      userId: null,
      type: 'transfer',
      operation: 'broadcast_refused',
      content: { task_id: taskId, reason: reason.slice(0, 300) },
    });
  });
}
