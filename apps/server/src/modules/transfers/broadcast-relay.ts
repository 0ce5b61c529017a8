import { isFamilyError } from '@keystead/chains';
import type { AppContext } from '../../context';
import { writeAudit } from '../audit/audit.service';
import { failUnsent } from '../fee-payers/evm-payment-send';
import { taskNumber } from './transfer-create';
import { asAppError, familyOf } from './transfer-family';
import { endReplacedOriginal } from './transfer-repository';
import { TransferStatus } from './transfer-status';

/** Broadcast attempt statuses (§4 speed-up: 1 success, 2 pending, 3 replaced) plus 4 failed. */
export const BroadcastStatus = { Success: 1, Pending: 2, Replaced: 3, Failed: 4 } as const;

/**
 * Sends one stored attempt through its family's relay. The send is counted before it happens
 * (so a crash shows up as a send with no sent_at); bytes the node already has are success. A
 * refusal fails the attempt, and when no other attempt is pending the task returns to 5 so the
 * broadcaster can try again. An unreachable node leaves it to the watcher.
 */
export async function relayBroadcast(ctx: AppContext, attemptId: number): Promise<void> {
  const attempt = await ctx.db
    .selectFrom('task_broadcasts as b')
    .innerJoin('tasks as t', 't.id', 'b.task_id')
    .select(['b.id', 'b.task_id', 'b.raw_tx', 'b.tx_hash', 't.chain_key', 't.organization_id', 't.replaces'])
    .where('b.id', '=', attemptId)
    .executeTakeFirstOrThrow();
  if (!attempt.raw_tx) return;
  const adapter = familyOf(ctx, attempt.chain_key!);
  await ctx.db
    .updateTable('task_broadcasts')
    .set((eb) => ({ send_count: eb('send_count', '+', 1) }))
    .where('id', '=', attempt.id)
    .execute();
  try {
    await adapter.relay(attempt.raw_tx);
  } catch (error) {
    if (!isFamilyError(error)) throw error;
    if (error.code === 'RELAY_UNREACHABLE') return; // retried by the watcher
    await failAttempt(ctx, attempt.id, attempt.task_id, attempt.organization_id, error.message);
    // A payment address's refused send cost nothing, and its nonce is free again.
    await failUnsent(ctx.db, attempt.tx_hash);
    throw asAppError(error);
  }
  // The test of exactly-once delivery kills the process exactly here: sent, not yet recorded.
  if (ctx.config.FAULT_KILL_AFTER_BROADCAST_SEND) process.kill(process.pid, 'SIGKILL');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('task_broadcasts')
      .set({ sent_at: new Date() })
      .where('id', '=', attempt.id)
      .where('sent_at', 'is', null)
      .execute();
    if (!attempt.replaces) return;
    // A replacement the node took evicted the transaction it replaces.
    const moved = await endReplacedOriginal(trx, attempt.replaces, taskNumber(attempt.task_id));
    await trx
      .updateTable('task_broadcasts')
      .set({ status: BroadcastStatus.Replaced })
      .where('task_id', '=', attempt.replaces)
      .where('status', '=', BroadcastStatus.Pending)
      .execute();
    if (moved) {
      await writeAudit(trx, {
        organizationId: attempt.organization_id,
        userId: null,
        type: 'transfer',
        operation: 'replaced',
        content: { task_id: attempt.replaces, by_task: attempt.task_id, tx_hash: attempt.tx_hash },
      });
    }
  });
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
