import type { EscrowLogItem } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import { clientFor, exchangeFailure } from '../exchanges/exchange-assets';
import { withSpotMarkets } from '../exchanges/exchange-client';
import { loadExchangeAccount, visibleAccountsPage } from '../exchanges/exchange-reads';
import { seesEveryWallet } from '../policy/policy';
import { latestChanges, shownStrategyStatus } from './risk-changes';
import { jsonColumn } from '../../lib/json-column';

/** GET /escrow: the exchange accounts the caller views, with their platform key and strategy. */
export async function escrowOverview(ctx: AppContext, actor: CommandContext, page: number, pageSize: number) {
  const { rows, total } = await visibleAccountsPage(ctx, actor, page, pageSize);
  const ids = rows.map((row) => row.wallet_id);
  const [keys, strategies, rules, latest] =
    ids.length === 0
      ? [[], [], [], new Map()]
      : await Promise.all([
          ctx.db
            .selectFrom('platform_api_keys')
            .select(['wallet_id', 'status'])
            .where('wallet_id', 'in', ids)
            .execute(),
          ctx.db
            .selectFrom('risk_strategies')
            .select(['wallet_id', 'tactic_type', 'status', 'updated_at'])
            .where('wallet_id', 'in', ids)
            .execute(),
          ctx.db.selectFrom('risk_rules').select('wallet_id').where('wallet_id', 'in', ids).execute(),
          latestChanges(ctx.db, ids),
        ]);
  return {
    list: rows.map((row) => {
      const strategy = strategies.find((s) => s.wallet_id === row.wallet_id);
      return {
        wallet_id: row.wallet_id,
        name: row.name,
        exchange_id: row.exchange_id,
        api_key_type: row.api_key_type,
        api_key_status: keys.find((k) => k.wallet_id === row.wallet_id)?.status ?? null,
        tactic_type: strategy?.tactic_type ?? null,
        // As the risk-control tab shows it (3 while a change waits, 2 after a rejection).
        strategy_status: shownStrategyStatus(latest.get(row.wallet_id), strategy ?? null),
        rules: rules.filter((r) => r.wallet_id === row.wallet_id).length,
      };
    }),
    page,
    page_size: pageSize,
    total,
  };
}

/** GET /escrow/symbol: the exchange's spot pairs, for the rules' whitelist. */
export async function escrowSymbols(ctx: AppContext, actor: CommandContext, walletId: number) {
  const account = await loadExchangeAccount(ctx, actor, walletId);
  try {
    const client = await withSpotMarkets(await clientFor(ctx, account));
    const list = Object.values(client.markets ?? {})
      .filter((market) => market && market.spot)
      .map((market) => ({ symbol: market!.symbol, base: market!.base, quote: market!.quote }))
      .sort((a, b) => a.symbol.localeCompare(b.symbol));
    return { list };
  } catch (error) {
    return exchangeFailure(ctx, account, error, 'ES_EXCHANGE_REQUEST_ERROR');
  }
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * GET /escrow/audit-logs: every decision on a bot's order, newest first, for the accounts the
 * caller views (one account with wallet_id; another space's or a hidden one reads as not found).
 */
export async function escrowLog(
  ctx: AppContext,
  actor: CommandContext,
  query: { wallet_id?: number | undefined; decision?: string | undefined; page: number; page_size: number },
) {
  if (query.wallet_id) await loadExchangeAccount(ctx, actor, query.wallet_id);
  let rows = ctx.db
    .selectFrom('escrow_orders as o')
    .innerJoin('wallets as w', 'w.id', 'o.wallet_id')
    .where('o.organization_id', '=', actor.organization.id);
  if (query.wallet_id) rows = rows.where('o.wallet_id', '=', query.wallet_id);
  if (query.decision) rows = rows.where('o.decision', '=', query.decision as 'accepted');
  if (!seesEveryWallet(actor.member.role)) {
    const userId = actor.user.id;
    rows = rows.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wallet_members as m')
          .select('m.wallet_id')
          .whereRef('m.wallet_id', '=', 'o.wallet_id')
          .where('m.user_id', '=', userId),
      ),
    );
  }
  const [page, total] = await Promise.all([
    rows
      .selectAll('o')
      .select('w.name as wallet_name')
      .orderBy('o.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: EscrowLogItem[] = page.map((row) => {
    const rule = jsonColumn(row.rule) as EscrowLogItem['rule'];
    return {
      id: row.id,
      wallet_id: row.wallet_id,
      wallet_name: row.wallet_name,
      api_key: row.api_key,
      time: row.created_at.toISOString(),
      ip: row.ip,
      symbol: row.symbol,
      side: row.side,
      order_type: row.order_type,
      trade_category: row.trade_category,
      amount: text(row.amount),
      price: text(row.price),
      notional_usdt: text(row.notional_usdt),
      decision: row.decision,
      code: row.code,
      rule: rule ?? null,
      exchange_order_id: row.exchange_order_id,
    };
  });
  return { list, page: query.page, page_size: query.page_size, total: Number(total.n) };
}
