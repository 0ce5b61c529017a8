import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Task } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { canOnWallet } from '../policy/policy';
import { prefixedWalletColumns, relationColumns, splitWalletRow } from '../wallets/wallet-access';
import { TRANSFER_TYPES } from './transfer-status';
import { signingFactColumns, signingFactsOf } from './transfer-repository';
import { policyOfKey } from '../transfer-policy/policy-facts';

/** The statement reading a transfer task of the caller's space, its wallet and the caller's relation. */
const transferWithWallet = (db: Db, actor: CommandContext, taskId: number) =>
  db
    .selectFrom('tasks')
    .innerJoin('wallets as w', 'w.id', 'tasks.wallet_id')
    .selectAll('tasks')
    .select(prefixedWalletColumns('w'))
    .select(relationColumns(sql.ref<number>('w.id'), actor.user.id))
    .where('tasks.id', '=', taskId)
    .where('tasks.organization_id', '=', actor.organization.id)
    .where('tasks.type', 'in', TRANSFER_TYPES)
    .where('w.organization_id', '=', actor.organization.id);

/** The task out of a transferWithWallet row, if the caller may see it; else "not found". */
function visibleTransfer(row: Record<string, unknown> | undefined, actor: CommandContext) {
  if (!row) throw new AppError('TASK_NOT_FOUND_ERROR');
  const { wallet, relation, rest } = splitWalletRow(row);
  const decision = canOnWallet(actor.member.role, relation, 'view');
  // A task on a wallet hidden from this person does not exist for them either.
  if (!decision.allowed)
    throw new AppError(decision.code === 'WALLET_NOT_FOUND_ERROR' ? 'TASK_NOT_FOUND_ERROR' : decision.code!);
  return { task: rest as unknown as Task, wallet, relation };
}

/**
 * A transfer task of the caller's space that the caller may see; anything else reads as not
 * found. The task, its wallet and the caller's relation to the wallet in one statement.
 */
export async function loadTransfer(ctx: AppContext, actor: CommandContext, taskId: number) {
  return visibleTransfer(await transferWithWallet(ctx.db, actor, taskId).executeTakeFirst(), actor);
}

/** loadTransfer for a signature step, with the signing facts in the same statement. */
export async function loadTransferToSign(ctx: AppContext, actor: CommandContext, taskId: number) {
  const row = await transferWithWallet(ctx.db, actor, taskId).select(signingFactColumns).executeTakeFirst();
  const { signed = [], signer_keys = [], signer_holders = [], ...rest } = row ?? {};
  return {
    ...visibleTransfer(row && rest, actor),
    ...signingFactsOf({ signed, signer_keys, signer_holders }),
  };
}

/**
 * loadTransfer inside an approval's transaction: the task locked, with its space's policy key,
 * in the same one statement (the approval evaluates the policy again).
 */
export async function lockTransferForApproval(trx: Db, actor: CommandContext, taskId: number) {
  const row = await transferWithWallet(trx, actor, taskId)
    .leftJoin('transfer_policies as p', 'p.organization_id', 'tasks.organization_id')
    .select(['p.version as policy_version', 'p.change_id as policy_change_id'])
    .forUpdate('tasks')
    .executeTakeFirst();
  const { policy_version = null, policy_change_id = null, ...rest } = row ?? {};
  const transfer = visibleTransfer(row && rest, actor);
  const policy = await policyOfKey(trx, {
    organization_id: transfer.task.organization_id,
    version: policy_version,
    change_id: policy_change_id,
  });
  return { ...transfer, policy };
}
