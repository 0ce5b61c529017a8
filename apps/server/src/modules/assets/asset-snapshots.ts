import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { priceBook } from '../prices/prices';
import { utcDay } from '../prices/price-book';
import { cachedBalances, chainTokens, type WalletToken } from '../wallets/wallet-assets';
import { WalletStatus } from '../wallets/wallet-status';
import { backfillRows } from './asset-backfill';
import { snapshotRows } from './snapshot-rows';

/** Wallets given their snapshot per run; the rest wait for the next run. */
const WALLETS_PER_RUN = 500;
/**
 * The claimed snapshot job: every wallet without today's snapshot, or whose balances changed
 * since it (a confirmed transfer or deposit refreshes them), gets today's rows at today's prices;
 * a wallet's first snapshot is preceded by its history rebuilt from its on-chain records. The
 * space totals of the days written are summed again. Returns the number of wallets written.
 */
export async function recordSnapshots(ctx: AppContext, now = new Date()): Promise<number> {
  const today = utcDay(now);
  await priceBook().load(ctx.db);
  const due = await sql<{ id: number; organization_id: number; chain_key: string; has_any: boolean }>`
    select w.id, w.organization_id, w.chain_key,
      exists (select 1 from asset_snapshots s where s.wallet_id = w.id) as has_any
    from wallets w
    where w.status <> ${WalletStatus.Archived} and w.address is not null
      and (
        not exists (select 1 from asset_snapshots s where s.wallet_id = w.id and s.day = ${today}::date)
        or exists (
          select 1 from wallet_balances b
          where b.wallet_id = w.id and b.updated_at > (
            select max(s.taken_at) from asset_snapshots s where s.wallet_id = w.id and s.day = ${today}::date
          )
        )
      )
    order by w.id
    limit ${WALLETS_PER_RUN}`.execute(ctx.db);
  const wallets = due.rows;
  if (wallets.length === 0) return 0;
  const ids = wallets.map((w) => w.id);
  const [balances, custom] = await Promise.all([
    cachedBalances(ctx.db, ids),
    ctx.db
      .selectFrom('wallet_tokens')
      .select(['wallet_id', 'contract', 'symbol', 'decimals'])
      .where('wallet_id', 'in', ids)
      .execute(),
  ]);
  const price = (symbol: string) => priceBook().usd(symbol);
  const touched = new Map<number, string>(); // space → earliest day written
  for (const wallet of wallets) {
    let tokens: WalletToken[];
    try {
      tokens = chainTokens(
        ctx,
        wallet.chain_key,
        custom.filter((row) => row.wallet_id === wallet.id),
      );
    } catch {
      continue; // a chain no longer configured: its wallets keep their last snapshot
    }
    const held = balances.get(wallet.id) ?? new Map<string, string>();
    const amountOf = (token: WalletToken) => BigInt(held.get(token.key) ?? '0');
    const rows = snapshotRows(wallet, today, tokens, amountOf, price);
    const history = wallet.has_any ? [] : await backfillRows(ctx.db, wallet, tokens, amountOf, today);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('asset_snapshots')
        .where('wallet_id', '=', wallet.id)
        .where('day', '=', today)
        .execute();
      const all = [...history, ...rows];
      for (let i = 0; i < all.length; i += 1000)
        await trx
          .insertInto('asset_snapshots')
          .values(all.slice(i, i + 1000).map((row) => ({ ...row, taken_at: now })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
    const first = history[0]?.day ?? today;
    const earlier = touched.get(wallet.organization_id);
    if (!earlier || first < earlier) touched.set(wallet.organization_id, first);
  }
  for (const [organizationId, from] of touched) await sumSpaceDays(ctx.db, organizationId, from, today);
  return wallets.length;
}

/**
 * The daily totals from `from` to `to` summed again from the snapshots: each wallet's of the
 * space, then the space's.
 */
export async function sumSpaceDays(db: Db, organizationId: number, from: string, to: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into wallet_asset_days (organization_id, wallet_id, day, usd_value)
      select organization_id, wallet_id, day, sum(usd_value)
      from asset_snapshots
      where organization_id = ${organizationId} and day between ${from}::date and ${to}::date
      group by organization_id, wallet_id, day
      on conflict (wallet_id, day) do update set usd_value = excluded.usd_value`.execute(trx);
    await sql`
      insert into space_asset_days (organization_id, day, usd_value)
      select organization_id, day, sum(usd_value)
      from wallet_asset_days
      where organization_id = ${organizationId} and day between ${from}::date and ${to}::date
      group by organization_id, day
      on conflict (organization_id, day) do update set usd_value = excluded.usd_value`.execute(trx);
  });
}
