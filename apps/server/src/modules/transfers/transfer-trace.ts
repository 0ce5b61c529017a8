import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { loadTransfer } from './transfer-access';
import { assertMayBroadcast, broadcastTransfer } from './transfer-broadcast';
import { family, familyOf, storedTransfer } from './transfer-family';
import { TransferStatus } from './transfer-status';

/**
 * POST /task/tracer: a transaction hash the user says carries this transfer (sent from a wallet
 * outside the platform). It is recorded only when the chain already shows it executing exactly
 * this transfer — a mistyped or foreign hash is refused, never followed into a failed transfer.
 */
export async function traceTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: { task_id: number; tx_hash: string },
) {
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  assertMayBroadcast(actor, task, wallet, relation);
  if (task.status === TransferStatus.OnChain || task.status === TransferStatus.Completed) {
    const known = task.exec_tx_hash?.toLowerCase() === input.tx_hash.toLowerCase();
    throw new AppError(known ? 'TX_ALREADY_CONFIRMED_ERROR' : 'TX_ALREADY_BROADCAST_ERROR');
  }
  if (task.status !== TransferStatus.PendingBroadcast) throw new AppError('TASK_STATUS_ERROR');
  const adapter = familyOf(ctx, wallet.chain_key);
  const seen = await family(() => adapter.follow(input.tx_hash, storedTransfer(task)));
  if (seen.state !== 'executed')
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'tx_hash', reason: seen.state });
  return broadcastTransfer(ctx, actor, { task_id: task.id, tx_hash: input.tx_hash });
}
