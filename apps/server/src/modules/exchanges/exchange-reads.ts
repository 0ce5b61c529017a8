import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { seesEveryWallet, type WalletRelation } from '../policy/policy';
import { add, round } from '../wallets/decimal';
import { loadWalletFor } from '../wallets/wallet-access';
import { SignType } from '../wallets/wallet-status';
import { accountBalances, lastBalances, pricedLine, usdTotal } from './exchange-assets';
import {
  findExchangeAccount,
  listExchangeAccounts,
  viewersOf,
  type ExchangeAccount,
} from './exchange-repository';
import { exchangeSpec } from './exchange-table';

/**
 * The exchange account a request names, when it is one of the space's and the caller may view it
 * (policy canOnWallet 'view': admins and the account's viewers), with the caller's roles on it.
 * Anything else reads as not found.
 */
export async function loadExchangeAccountFor(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<{ account: ExchangeAccount; relation: WalletRelation }> {
  const { wallet, relation } = await loadWalletFor(ctx.db, actor, walletId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'WALLET_NOT_FOUND_ERROR')
      throw new AppError('EXCHANGE_API_NOT_FOUND_ERROR');
    throw error;
  });
  const account =
    wallet.sign_type === SignType.Exchange
      ? await findExchangeAccount(ctx.db, actor.organization.id, wallet.id)
      : undefined;
  if (!account) throw new AppError('EXCHANGE_API_NOT_FOUND_ERROR');
  return { account, relation };
}

/** The exchange account a request names (loadExchangeAccountFor, without the caller's roles). */
export async function loadExchangeAccount(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<ExchangeAccount> {
  return (await loadExchangeAccountFor(ctx, actor, walletId)).account;
}

function amountOf(account: ExchangeAccount): string | null {
  const lines = lastBalances(account);
  const total = lines === null ? null : usdTotal(lines);
  return total === null ? null : round(total, 2);
}

/** §3 exchange account item (never the credentials: the API key's hint only). */
function presentAccount(row: ExchangeAccount, viewers: number[]) {
  return {
    wallet_id: row.wallet_id,
    name: row.name,
    remark: row.remark,
    api_key_type: row.api_key_type,
    exchange_id: row.exchange_id,
    exchange_name: exchangeSpec(row.exchange_id)?.name ?? row.exchange_id,
    exchange_img_url: null,
    status: row.status,
    amount: amountOf(row),
    account_mode: row.account_mode,
    ip_whitelist: row.ip_whitelist,
    api_key: row.api_key_hint,
    viewers,
    creator: row.created_by,
    ctime: row.created_at.toISOString(),
  };
}

/** One exchange account item the caller may view. */
export async function exchangeAccountView(ctx: AppContext, actor: CommandContext, walletId: number) {
  const account = await loadExchangeAccount(ctx, actor, walletId);
  const viewers = await viewersOf(ctx.db, [walletId]);
  return presentAccount(account, viewers.get(walletId) ?? []);
}

/** A page of the exchange accounts the caller may view (admins: all of the space's). */
export function visibleAccountsPage(ctx: AppContext, actor: CommandContext, page: number, pageSize: number) {
  return listExchangeAccounts(
    ctx.db,
    {
      organizationId: actor.organization.id,
      visibleTo: seesEveryWallet(actor.member.role) ? null : actor.user.id,
    },
    page,
    pageSize,
  );
}

/** §3 exchange account items the caller may view. */
export async function exchangeAccountPage(
  ctx: AppContext,
  actor: CommandContext,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await visibleAccountsPage(ctx, actor, page, pageSize);
  const viewers = await viewersOf(
    ctx.db,
    rows.map((row) => row.wallet_id),
  );
  return {
    list: rows.map((row) => presentAccount(row, viewers.get(row.wallet_id) ?? [])),
    page,
    page_size: pageSize,
    total,
  };
}

export async function exchangeAssetInfo(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
  type?: string,
) {
  const account = await loadExchangeAccount(ctx, actor, walletId);
  const { lines, updatedAt } = await accountBalances(ctx, account);
  return {
    wallet_id: account.wallet_id,
    account_types: [...(exchangeSpec(account.exchange_id)?.accountTypes ?? [])],
    list: lines.filter((line) => !type || line.account_type === type).map(pricedLine),
    update_time: updatedAt.toISOString(),
  };
}

/** §3 exchange asset total: one account, or every account the caller may view (read now if stale). */
export async function exchangeAssetTotal(ctx: AppContext, actor: CommandContext, walletId?: number) {
  const accounts = walletId
    ? [await loadExchangeAccount(ctx, actor, walletId)]
    : await allVisibleAccounts(ctx, actor);
  const list: Array<{ wallet_id: number; name: string; amount: string | null }> = [];
  const symbols = new Set<string>();
  let total: string | null = '0';
  let latest: Date | null = null;
  for (const account of accounts) {
    const { lines, updatedAt } = await accountBalances(ctx, account);
    for (const line of lines) symbols.add(line.symbol);
    const amount = usdTotal(lines);
    list.push({
      wallet_id: account.wallet_id,
      name: account.name,
      amount: amount === null ? null : round(amount, 2),
    });
    total = total === null || amount === null ? null : add(total, amount);
    if (!latest || updatedAt > latest) latest = updatedAt;
  }
  return {
    total_amount: total === null ? null : round(total, 2),
    total_asset: symbols.size,
    update_time: latest ? latest.toISOString() : null,
    list,
  };
}

async function allVisibleAccounts(ctx: AppContext, actor: CommandContext): Promise<ExchangeAccount[]> {
  return (await visibleAccountsPage(ctx, actor, 1, 1000)).rows;
}

/**
 * The USD total of the exchange accounts a member views (`visibleTo` null: every account of the
 * space) from their last read balances (no exchange is asked: the refresh job keeps them
 * current), for the asset home. Null without any account, or when one was never read or holds
 * an asset without a price.
 */
export async function storedExchangeTotal(
  ctx: AppContext,
  filter: { organizationId: number; visibleTo: number | null },
): Promise<string | null> {
  const { rows } = await listExchangeAccounts(ctx.db, filter, 1, 1000);
  if (rows.length === 0) return null;
  let total = '0';
  for (const row of rows) {
    const lines = lastBalances(row);
    const amount = lines === null ? null : usdTotal(lines);
    if (amount === null) return null;
    total = add(total, amount);
  }
  return round(total, 2);
}
