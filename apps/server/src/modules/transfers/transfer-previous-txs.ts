import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { loadTransfer } from './transfer-access';
import { family, familyOf, storedTransfer } from './transfer-family';
import { TransferStatus } from './transfer-status';

/**
 * GET /task/previous-transactions: the whole transactions a Bitcoin-family task's inputs spend,
 * for a hardware signer whose app checks the amounts against them (Ledger's, OneKey's). Read from
 * the node while the task is being signed; anyone who may read the task may read them (they are
 * public chain data).
 */
export async function previousTransactions(ctx: AppContext, actor: CommandContext, taskId: number) {
  const { task, wallet } = await loadTransfer(ctx, actor, taskId);
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.previousTransactions) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  if (task.status !== TransferStatus.PendingSignature) throw new AppError('TASK_STATUS_ERROR');
  const stored = storedTransfer(task);
  return { transactions: await family(() => adapter.previousTransactions!(stored)) };
}
