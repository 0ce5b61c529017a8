import type { FamilyAdapter } from '@keystead/chains';
import type { TokenApproval, TokenApprovals } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { jsonColumn } from '../../lib/json-column';
import { readCursor } from '../../jobs/chain-cursor';
import { ACTIVE_STATUSES } from '../transfers/transfer-status';
import { formatUnits } from '../wallets/decimal';
import { walletTokens } from '../wallets/wallet-assets';
import { DAPP_TASK, dappOf } from './dapp-task';

const MAX_UINT256 = 2n ** 256n - 1n;

/** The family's allowance reads, or the catalogue's refusal for a chain without them. */
export function approvalsOf(family: FamilyAdapter) {
  if (!family.tokenApprovals) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  return family.tokenApprovals;
}

/** The active Dapp tasks setting or cancelling an approval of this wallet, by approvalKey. */
export async function activeApprovalTasks(
  db: Db,
  walletId: number,
): Promise<Map<string, { taskId: number; action: 'approve' | 'approve_cancel' }>> {
  const active = new Map<string, { taskId: number; action: 'approve' | 'approve_cancel' }>();
  for (const { taskId, dapp } of await activeDappTasks(db, walletId)) {
    if (dapp.action === 'approve' || dapp.action === 'approve_cancel')
      active.set(approvalKey(dapp.token, dapp.spender), { taskId, action: dapp.action });
  }
  return active;
}

/** The wallet's active Dapp tasks (type 6) with what each does: approvals and recovery read them. */
export async function activeDappTasks(db: Db, walletId: number) {
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'data'])
    .where('wallet_id', '=', walletId)
    .where('type', '=', DAPP_TASK)
    .where('status', 'in', ACTIVE_STATUSES)
    .execute();
  return tasks.flatMap((task) => {
    const dapp = dappOf(jsonColumn(task.data));
    return dapp ? [{ taskId: task.id, dapp }] : [];
  });
}

export const approvalKey = (token: string, spender: string) => `${token}:${spender}`.toLowerCase();

/**
 * GET /wallets/dapp: the approvals the scan found, each with its allowance read from the chain
 * now (one Multicall3 batch); only standing ones (> 0) are listed. A chain that cannot be read is
 * an error, never an empty list.
 */
export async function listTokenApprovals(ctx: AppContext, wallet: Wallet): Promise<TokenApprovals> {
  const reads = approvalsOf(ctx.chains.family(wallet.chain_key));
  const [rows, cancels, tokens, names, cursor] = await Promise.all([
    ctx.db
      .selectFrom('token_approvals')
      .selectAll()
      .where('wallet_id', '=', wallet.id)
      .orderBy('block_number', 'desc')
      .execute(),
    activeApprovalTasks(ctx.db, wallet.id),
    walletTokens(ctx, ctx.db, wallet),
    spenderNames(ctx.db, wallet.organization_id),
    readCursor(ctx.db, wallet.chain_key, 'deposits'),
  ]);
  const owner = wallet.address ?? '';
  const allowances = await reads
    .allowances(rows.map((r) => ({ owner, token: r.token, spender: r.spender })))
    .catch(() => {
      throw new AppError('WS_EVM_CONTRACT_CALL_ERROR');
    });
  const list: TokenApproval[] = [];
  for (const [i, row] of rows.entries()) {
    const value = allowances[i];
    if (!value) continue; // back to 0, or not an ERC-20 answer: nothing stands
    const token = tokens.find((t) => t.contract?.toLowerCase() === row.token.toLowerCase());
    const active = cancels.get(approvalKey(row.token, row.spender));
    const cancelTask = active?.action === 'approve_cancel' ? active.taskId : null;
    list.push({
      token: row.token,
      symbol: token?.symbol ?? null,
      decimals: token?.decimals ?? null,
      spender: row.spender,
      spender_name: names.get(row.spender.toLowerCase()) ?? null,
      allowance: token ? formatUnits(value, token.decimals) : value.toString(),
      allowance_raw: value.toString(),
      unlimited: value === MAX_UINT256,
      status: cancelTask === null ? 'approve' : 'approve_cancel',
      cancel_task_id: cancelTask,
      tx_hash: row.tx_hash,
      block_number: String(row.block_number),
    });
  }
  return { list, scanned_to_block: cursor === null ? null : (cursor - 1n).toString() };
}

/** What the space calls addresses: its address book, then its own wallets (lower-case keys). */
async function spenderNames(db: Db, organizationId: number): Promise<Map<string, string>> {
  const [book, wallets] = await Promise.all([
    db
      .selectFrom('address_book')
      .select(['address', 'name'])
      .where('organization_id', '=', organizationId)
      .execute(),
    db
      .selectFrom('wallets')
      .select(['address', 'name'])
      .where('organization_id', '=', organizationId)
      .where('address', 'is not', null)
      .execute(),
  ]);
  const names = new Map<string, string>();
  for (const w of wallets) names.set(w.address!.toLowerCase(), w.name);
  for (const b of book) names.set(b.address.toLowerCase(), b.name);
  return names;
}
