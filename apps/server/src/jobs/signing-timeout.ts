import type { AppContext } from '../context';
import { writeAudit } from '../modules/audit/audit.service';
import { familyOf, storedTransfer } from '../modules/transfers/transfer-family';
import { TRANSFER_TYPES, TransferStatus } from '../modules/transfers/transfer-status';

/**
 * Transfers waiting for signatures past their transaction's expiry (Tron: 24 h, a chain rule)
 * can never be sent: they become timeout-cancelled (11), which frees what they held. The expiry is
 * read from the payload itself by the family, so nothing else has to be kept in step with it.
 */
export async function timeOutUnsignedTransfers(ctx: AppContext, now = new Date()): Promise<number> {
  const expiring = ctx.chains
    .list()
    .map((endpoint) => String(endpoint.chainId))
    .filter((key) => familyOf(ctx, key).signingWindow);
  if (expiring.length === 0) return 0;
  const waiting = await ctx.db
    .selectFrom('tasks')
    .selectAll()
    .where('type', 'in', TRANSFER_TYPES)
    .where('status', '=', TransferStatus.PendingSignature)
    .where('chain_key', 'in', expiring)
    .execute();
  let timedOut = 0;
  for (const task of waiting) {
    const expiresAt = familyOf(ctx, task.chain_key!).signingWindow!.expiresAt(storedTransfer(task));
    if (expiresAt > now) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('tasks')
        .set({ status: TransferStatus.TimeoutCancelled, updated_at: now })
        .where('id', '=', task.id)
        .where('status', '=', TransferStatus.PendingSignature)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      await writeAudit(trx, {
        organizationId: task.organization_id,
        userId: null,
        type: 'transfer',
        operation: 'timeout',
        content: { task_id: task.id, expired_at: expiresAt.toISOString() },
      });
      timedOut += 1;
    });
  }
  return timedOut;
}
