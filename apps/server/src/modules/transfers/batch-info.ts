import type { AppContext } from '../../context';
import type { Task } from '../../db/schema';
import { labelsById } from '../labels/label-repository';
import { formatUnits } from '../wallets/decimal';
import { batchOutputs } from './batch-repository';
import { BATCH_TASK, TransferStatus } from './transfer-status';

const ENDED_UNPAID: number[] = [
  TransferStatus.Failed,
  TransferStatus.Revoked,
  TransferStatus.BroadcastRejected,
  TransferStatus.ApprovalRejected,
  TransferStatus.UserCancelled,
  TransferStatus.TimeoutCancelled,
];

/**
 * A batch's rows for its detail, each with its effect: paid once the executed transaction's
 * out-record for that row exists (written when the chain reported the execution), failed when
 * the batch ended without executing, pending before.
 */
export async function batchOutputsOf(ctx: AppContext, task: Task) {
  if (task.type !== BATCH_TASK) return null;
  const [rows, paid] = await Promise.all([
    batchOutputs(ctx.db, task.id),
    ctx.db
      .selectFrom('transfer_records')
      .select('log_index')
      .where('task_id', '=', task.id)
      .where('direction', '=', 2)
      .execute(),
  ]);
  const paidRows = new Set(paid.map((record) => -1 - Number(record.log_index)));
  const labels = await labelsById(
    ctx.db,
    task.organization_id,
    rows.map((row) => row.label_id),
  );
  return rows.map((row) => ({
    row: row.source_row,
    address: row.to_address,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    symbol: row.symbol,
    token_key: row.token_key,
    memo: row.memo,
    fund_purpose: row.label_id === null ? null : (labels.get(row.label_id) ?? null),
    effect: paidRows.has(row.position)
      ? ('paid' as const)
      : ENDED_UNPAID.includes(task.status)
        ? ('failed' as const)
        : ('pending' as const),
  }));
}
