import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import { PriceBook } from './price-book';
import { httpPriceSource, tablePriceSource } from './price-sources';
import { priceTable } from './price-table';

type PriceConfig = Pick<
  AppConfig,
  'PRICE_TABLE_JSON' | 'PRICE_API_URL' | 'PRICE_API_KEY' | 'PRICE_API_IDS_JSON' | 'PRICE_REFRESH_SECONDS'
>;

export function priceBookFor(config: PriceConfig): PriceBook {
  const source = config.PRICE_API_URL
    ? httpPriceSource({
        baseUrl: config.PRICE_API_URL,
        apiKey: config.PRICE_API_KEY,
        idsJson: config.PRICE_API_IDS_JSON,
      })
    : tablePriceSource(config.PRICE_TABLE_JSON);
  return new PriceBook(source, priceTable(config.PRICE_TABLE_JSON), config.PRICE_REFRESH_SECONDS * 1000);
}

/**
 * The process's price book, set at boot from the configuration. Prices are process-wide (like
 * the configuration they come from); what each process knows is re-read from the database.
 */
let book = new PriceBook(tablePriceSource(), priceTable(), 300_000);

export function usePriceBook(next: PriceBook): void {
  book = next;
}

export function priceBook(): PriceBook {
  return book;
}

/** USD per unit of a token symbol (null when neither the source nor the table prices it). */
export function usdPrice(symbol: string): string | null {
  return book.usd(symbol);
}

/** Units of a display currency per US dollar. */
export function currencyRate(currency: string): string {
  return book.rate(currency);
}

/** The claimed job: every symbol the table or a wallet's custom tokens name, fetched once. */
export async function refreshPrices(ctx: AppContext): Promise<void> {
  const custom = await ctx.db.selectFrom('wallet_tokens').select('symbol').distinct().execute();
  const symbols = [
    ...Object.keys(priceTable(ctx.config.PRICE_TABLE_JSON)),
    ...custom.map((row) => row.symbol),
  ];
  const failure = await book.refresh(ctx.db, symbols);
  if (failure) ctx.log.warn({ err: failure }, 'price refresh failed; the last good prices are kept');
}
