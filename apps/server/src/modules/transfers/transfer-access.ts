import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { loadWalletFor } from '../wallets/wallet-access';
import { findTransferTask } from './transfer-repository';

/** A transfer task of the caller's space that the caller may see; anything else reads as not found. */
export async function loadTransfer(ctx: AppContext, actor: CommandContext, taskId: number) {
  const task = await findTransferTask(ctx.db, actor.organization.id, taskId);
  if (!task) throw new AppError('TASK_NOT_FOUND_ERROR');
  try {
    const { wallet, relation } = await loadWalletFor(ctx.db, actor, task.wallet_id!, { allowArchived: true });
    return { task, wallet, relation };
  } catch (error) {
    // A task on a wallet hidden from this person does not exist for them either.
    if (error instanceof AppError && error.code === 'WALLET_NOT_FOUND_ERROR')
      throw new AppError('TASK_NOT_FOUND_ERROR');
    throw error;
  }
}
