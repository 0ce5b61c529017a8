import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Task } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { canOnWallet } from '../policy/policy';
import { prefixedWalletColumns, relationColumns, splitWalletRow } from '../wallets/wallet-access';
import { TRANSFER_TYPES } from './transfer-status';

/**
 * A transfer task of the caller's space that the caller may see; anything else reads as not
 * found. The task, its wallet and the caller's relation to the wallet in one statement.
 */
export async function loadTransfer(ctx: AppContext, actor: CommandContext, taskId: number) {
  const row = await ctx.db
    .selectFrom('tasks')
    .innerJoin('wallets as w', 'w.id', 'tasks.wallet_id')
    .selectAll('tasks')
    .select(prefixedWalletColumns('w'))
    .select(relationColumns(sql.ref<number>('w.id'), actor.user.id))
    .where('tasks.id', '=', taskId)
    .where('tasks.organization_id', '=', actor.organization.id)
    .where('tasks.type', 'in', TRANSFER_TYPES)
    .where('w.organization_id', '=', actor.organization.id)
    .executeTakeFirst();
  if (!row) throw new AppError('TASK_NOT_FOUND_ERROR');
  const { wallet, relation, rest } = splitWalletRow(row);
  const decision = canOnWallet(actor.member.role, relation, 'view');
  // A task on a wallet hidden from this person does not exist for them either.
  if (!decision.allowed)
    throw new AppError(decision.code === 'WALLET_NOT_FOUND_ERROR' ? 'TASK_NOT_FOUND_ERROR' : decision.code!);
  return { task: rest as unknown as Task, wallet, relation };
}
