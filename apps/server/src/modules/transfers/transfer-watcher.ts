import type { AppContext } from '../../context';
import { writeAudit } from '../audit/audit.service';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';

/**
 * Follows reported executions to the end: the Safe's ExecutionSuccess → completed (1); a revert
 * or ExecutionFailure → failed (2) with the reason. Guarded by status: safe in every process.
 */
export async function followExecutions(ctx: AppContext): Promise<number> {
  const onChain = await ctx.db.selectFrom('tasks').select(['id', 'organization_id', 'chain_key', 'exec_tx_hash', 'safe_tx_hash']).where('type', '=', TRANSFER_TASK).where('status', '=', TransferStatus.OnChain).execute();
  let settled = 0;
  for (const task of onChain) {
    let chain;
    try {
      chain = ctx.chains.walletChain(task.chain_key!);
    } catch {
      continue;
    }
    const result = await chain.getConfirmation(task.exec_tx_hash!).catch(() => null);
    if (!result || result.state === 'pending' || result.state === 'unknown') continue;
    const executed = result.state === 'confirmed' && result.safeExecution?.success === true && result.safeExecution.safeTxHash.toLowerCase() === task.safe_tx_hash!.toLowerCase();
    const status = executed ? TransferStatus.Completed : TransferStatus.Failed;
    const reason = executed ? null : (result.reason ?? (result.safeExecution ? 'ExecutionFailure' : 'the transaction did not execute this transfer'));
    await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('tasks').set({ status, failure_reason: reason, updated_at: new Date() }).where('id', '=', task.id).where('status', '=', TransferStatus.OnChain).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      await writeAudit(trx, { organizationId: task.organization_id, userId: null, type: 'transfer', operation: executed ? 'completed' : 'failed', content: { task_id: task.id, tx_hash: task.exec_tx_hash, reason } });
      settled += 1;
    });
  }
  return settled;
}
