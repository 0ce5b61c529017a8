import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { priceBook } from '../prices/prices';
import type { WalletToken } from '../wallets/wallet-assets';
import { snapshotRows, type SnapshotRow } from './snapshot-rows';

/** How far back a first snapshot rebuilds history: the longest plan's historical duration. */
const MAX_BACKFILL_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

/** The days from `from` to `to` inclusive (`YYYY-MM-DD`, UTC). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * A wallet's daily balances before its first snapshot, rebuilt from the on-chain records the
 * platform has (deposits in, executed transfers out): the balance at the end of a day is today's
 * balance less what came in after that day, plus what went out after it. Each day is priced at
 * that day's stored price, else today's. Network fees are not in the records, so a rebuilt coin
 * balance is off by the fees paid after that day (README, known limits).
 */
export async function backfillRows(
  db: Db,
  wallet: { id: number; organization_id: number },
  tokens: WalletToken[],
  amountOf: (token: WalletToken) => bigint,
  today: string,
): Promise<SnapshotRow[]> {
  const { rows: changes } = await sql<{ day: string; token_key: string; net: string }>`
    select (created_at at time zone 'UTC')::date::text as day, token_key,
      sum(case when direction = 1 then amount else -amount end)::text as net
    from transfer_records
    where wallet_id = ${wallet.id}
    group by 1, 2
    order by 1`.execute(db);
  if (changes.length === 0) return [];
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - MAX_BACKFILL_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const first = changes[0]!.day < oldest ? oldest : changes[0]!.day;
  const days = daysBetween(first, yesterday);
  const dayPrices = await db
    .selectFrom('price_days')
    .select(['symbol', sql<string>`day::text`.as('day'), 'usd_price'])
    .where('symbol', 'in', [...new Set(tokens.map((t) => t.symbol.toUpperCase()))])
    .where('day', '>=', first)
    .execute();
  const priceOn = new Map(dayPrices.map((row) => [`${row.symbol}@${row.day}`, String(row.usd_price)]));
  // Net change per day and token; walking back from today undoes each later day's change.
  const netOn = new Map(changes.map((row) => [`${row.token_key}@${row.day}`, BigInt(row.net)]));
  const balance = new Map(tokens.map((token) => [token.key, amountOf(token)]));
  const rows: SnapshotRow[] = [];
  for (let i = days.length - 1; i >= 0; i--) {
    const day = days[i]!;
    // Balance at the end of `day` = balance at the end of the next day less that day's change.
    const next = i + 1 < days.length ? days[i + 1]! : today;
    for (const token of tokens)
      balance.set(token.key, balance.get(token.key)! - (netOn.get(`${token.key}@${next}`) ?? 0n));
    const price = (symbol: string) =>
      priceOn.get(`${symbol.toUpperCase()}@${day}`) ?? priceBook().usd(symbol);
    rows.push(...snapshotRows(wallet, day, tokens, (token) => balance.get(token.key)!, price));
  }
  return rows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
