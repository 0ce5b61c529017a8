import { sql } from 'kysely';
import type { PriceState } from '@keystead/contract';
import type { Db } from '../../db/database';
import { DEFAULT_RATES } from './price-table';
import type { PriceSource } from './price-sources';

/** Display-currency rates share the prices table under this prefix (units per US dollar). */
const RATE_PREFIX = 'fx:';

interface Entry {
  price: string;
  fetchedAt: Date;
  failedAt: Date | null;
}

/** The UTC calendar day of a moment, as `YYYY-MM-DD` (snapshots and daily prices are per UTC day). */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * The prices this process uses. One claimed job fetches from the source and writes the `prices`
 * table (and today's `price_days`); every process reads that table at most every `reloadMs`, so
 * N processes ask the price API once per interval. A fetch that fails keeps the last good prices
 * and marks them (`failed_at`); the table prices whatever the source has never priced.
 */
export class PriceBook {
  private entries = new Map<string, Entry>();
  private rates = new Map<string, Entry>();
  private loadedAt = 0;
  /** Bumped on every load, so callers caching derived values know when to drop them. */
  version = 0;

  constructor(
    private readonly source: PriceSource,
    private readonly table: Record<string, string>,
    private readonly refreshMs: number,
    private readonly reloadMs = 10_000,
  ) {}

  /** USD per unit of `symbol`: the last fetched price, else the table's, else null. */
  usd(symbol: string): string | null {
    const key = symbol.toUpperCase();
    return this.entries.get(key)?.price ?? this.table[key] ?? null;
  }

  /** Units of `currency` per US dollar (1 for an unknown currency: amounts stay in USD). */
  rate(currency: string): string {
    return this.rates.get(currency)?.price ?? DEFAULT_RATES[currency] ?? '1';
  }

  allRates(): Array<{ currency: string; rate: string }> {
    return Object.keys(DEFAULT_RATES).map((currency) => ({ currency, rate: this.rate(currency) }));
  }

  /** Where the prices came from, the oldest fetch among them, and whether they are stale. */
  state(which: 'prices' | 'rates' = 'prices'): PriceState {
    const entries = [...(which === 'prices' ? this.entries : this.rates).values()];
    if (this.source.kind === 'table') return { source: 'table', updated_at: null, stale: false };
    if (entries.length === 0) return { source: 'http', updated_at: null, stale: true };
    const oldest = entries.reduce((a, b) => (a.fetchedAt < b.fetchedAt ? a : b));
    const failed = entries.some((e) => e.failedAt && e.failedAt > e.fetchedAt);
    const tooOld = Date.now() - oldest.fetchedAt.getTime() > 2 * this.refreshMs;
    return { source: 'http', updated_at: oldest.fetchedAt.toISOString(), stale: failed || tooOld };
  }

  /** Reads the prices table when the last read is older than `reloadMs` (or `force`). */
  async load(db: Db, force = false): Promise<void> {
    if (!force && Date.now() - this.loadedAt < this.reloadMs) return;
    const rows = await db
      .selectFrom('prices')
      .select(['symbol', 'usd_price', 'fetched_at', 'failed_at'])
      .where('source', '=', this.source.kind)
      .execute();
    const entries = new Map<string, Entry>();
    const rates = new Map<string, Entry>();
    for (const row of rows) {
      const entry = {
        price: plain(row.usd_price),
        fetchedAt: new Date(row.fetched_at),
        failedAt: row.failed_at,
      };
      if (row.symbol.startsWith(RATE_PREFIX)) rates.set(row.symbol.slice(RATE_PREFIX.length), entry);
      else entries.set(row.symbol, entry);
    }
    this.entries = entries;
    this.rates = rates;
    this.loadedAt = Date.now();
    this.version += 1;
  }

  /**
   * Fetches prices of `symbols` and the currency rates from the source and writes them, with
   * today's daily prices. On failure the kept rows are marked failed and the error is returned.
   */
  async refresh(db: Db, symbols: string[], now = new Date()): Promise<Error | null> {
    const wanted = [...new Set(symbols.map((s) => s.toUpperCase()))];
    let fetched: Record<string, string>;
    let rates: Record<string, string>;
    try {
      [fetched, rates] = await Promise.all([this.source.usdPrices(wanted), this.source.currencyRates()]);
    } catch (error) {
      await db.updateTable('prices').set({ failed_at: now }).where('source', '=', this.source.kind).execute();
      await this.load(db, true);
      return error instanceof Error ? error : new Error(String(error));
    }
    const rows = [
      ...Object.entries(fetched).map(([symbol, price]) => ({ symbol, price })),
      ...Object.entries(rates).map(([currency, price]) => ({ symbol: `${RATE_PREFIX}${currency}`, price })),
    ];
    if (rows.length > 0) {
      await db
        .insertInto('prices')
        .values(
          rows.map(({ symbol, price }) => ({
            symbol,
            usd_price: price,
            source: this.source.kind,
            fetched_at: now,
            failed_at: null,
          })),
        )
        .onConflict((oc) =>
          oc.column('symbol').doUpdateSet({
            usd_price: sql`excluded.usd_price`,
            source: sql`excluded.source`,
            fetched_at: sql`excluded.fetched_at`,
            failed_at: null,
          }),
        )
        .execute();
    }
    await this.load(db, true);
    // Today's price of every symbol priced (fetched, kept or from the table): a record's price at its time.
    const daily = wanted
      .map((symbol) => ({ symbol, price: this.usd(symbol) }))
      .filter((row): row is { symbol: string; price: string } => row.price !== null);
    if (daily.length > 0)
      await db
        .insertInto('price_days')
        .values(daily.map(({ symbol, price }) => ({ symbol, day: utcDay(now), usd_price: price })))
        .onConflict((oc) => oc.columns(['symbol', 'day']).doUpdateSet({ usd_price: sql`excluded.usd_price` }))
        .execute();
    return null;
  }
}

/** A numeric column as plain decimal text without trailing zeros. */
function plain(value: string | number): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
