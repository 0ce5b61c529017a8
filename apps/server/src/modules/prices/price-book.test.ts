// Prices from a CoinGecko-compatible API (a local stand-in that checks what the client sends):
// fetched once by whichever process holds the job, shared through the database, the last good
// price kept and marked stale when the API fails, and display-currency rates from the same API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRates, TotalAsset } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startPriceApiStandIn, type PriceApiStandIn } from '../../../test/price-api-stand-in';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { ConfigError, loadConfig } from '../../config';
import { PriceBook, utcDay } from './price-book';
import { httpPriceSource } from './price-sources';
import { priceTable } from './price-table';
import { refreshPrices } from './prices';

let api: PriceApiStandIn;
let t: TestApp;
let admin: Person;

beforeAll(async () => {
  api = await startPriceApiStandIn('demo-key');
  api.prices = { ethereum: 3210.5, tether: 1.0001, bitcoin: 97000 };
  api.btcRates = { btc: 1, usd: 100_000, cny: 720_000, hkd: 780_000, eur: 92_000 };
  t = await createTestApp({ PRICE_API_URL: api.url, PRICE_API_KEY: 'demo-key', PRICE_REFRESH_SECONDS: '60' });
  admin = await person(t, { mfa: true, prefix: 'prices' });
  await createSpace(admin, 'Prices');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await api?.close();
});

const book = (refreshMs = 60_000) =>
  new PriceBook(httpPriceSource({ baseUrl: api.url, apiKey: 'demo-key' }), priceTable(), refreshMs, 0);

describe('a CoinGecko-compatible source', () => {
  it('asks for the coin ids it knows in one call, with the key, and keeps the prices and rates', async () => {
    api.requests = [];
    const prices = book();
    expect(await prices.refresh(t.ctx.db, ['ETH', 'USDT', 'BTC', 'NOTACOIN'])).toBeNull();
    const asked = api.requests.find((r) => r.path === '/api/v3/simple/price')!;
    expect(asked.problems).toEqual([]);
    expect(asked.query).toEqual({ ids: 'ethereum,tether,bitcoin', vs_currencies: 'usd' });
    expect(api.requests.filter((r) => r.path === '/api/v3/exchange_rates')).toHaveLength(1);
    expect([prices.usd('ETH'), prices.usd('usdt'), prices.usd('BTC')]).toEqual(['3210.5', '1.0001', '97000']);
    // Not in the feed: the table still prices it.
    expect(prices.usd('LTC')).toBe('80');
    expect(prices.rate('CNY')).toBe('7.2');
    expect(prices.rate('EUR')).toBe('0.92');
    expect(prices.state()).toMatchObject({ source: 'http', stale: false });
    const daily = await t.ctx.db.selectFrom('price_days').selectAll().where('symbol', '=', 'ETH').execute();
    expect(daily.map((row) => [String(row.day).length > 0, Number(row.usd_price)])).toEqual([[true, 3210.5]]);
  });

  it('keeps the last good price when the API fails (rate limit), marks it stale, and so does every process', async () => {
    const prices = book();
    await prices.load(t.ctx.db);
    api.failWith = 429;
    try {
      const failure = await prices.refresh(t.ctx.db, ['ETH']);
      expect(failure?.message).toContain('429');
    } finally {
      api.failWith = null;
    }
    expect(prices.usd('ETH')).toBe('3210.5');
    expect(prices.state().stale).toBe(true);
    // Another process reads the same rows: the same price, the same staleness.
    const other = book();
    await other.load(t.ctx.db);
    expect([other.usd('ETH'), other.state().stale]).toEqual(['3210.5', true]);
    // A good fetch of the same symbols clears it.
    expect(await prices.refresh(t.ctx.db, ['ETH', 'USDT', 'BTC'])).toBeNull();
    expect(prices.state().stale).toBe(false);
  });

  it('calls prices stale once they are older than two refresh intervals, and ignores malformed answers', async () => {
    api.prices = { ethereum: 'free', tether: -1, bitcoin: 98000 };
    const prices = book(1000);
    expect(await prices.refresh(t.ctx.db, ['ETH', 'USDT', 'BTC'], new Date(Date.now() - 5000))).toBeNull();
    expect(prices.usd('BTC')).toBe('98000');
    expect(prices.usd('ETH')).toBe('3210.5');
    expect(prices.state().stale).toBe(true);
    api.prices = { ethereum: 3210.5, tether: 1.0001, bitcoin: 97000 };
  });
});

describe('through the API', () => {
  it('the asset home and the currency rates say where prices come from and whether they are stale', async () => {
    await refreshPrices(t.ctx);
    const fresh = await admin.client.get<TotalAsset>('/api/v1/wallets/total-asset');
    expect(fresh.data.prices).toMatchObject({ source: 'http', stale: false });
    expect(Date.parse(fresh.data.prices.updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    const rates = await admin.client.get<ExchangeRates>('/api/v1/currency/exchange-rate');
    expect(rates.data.rates).toContainEqual({ currency: 'HKD', rate: '7.8' });
    api.failWith = 500;
    try {
      await refreshPrices(t.ctx);
    } finally {
      api.failWith = null;
    }
    const stale = await admin.client.get<TotalAsset>('/api/v1/wallets/total-asset');
    expect(stale.data.prices.stale).toBe(true);
    expect(stale.data.prices.updated_at).toBe(fresh.data.prices.updated_at);
    expect(utcDay(new Date(stale.data.prices.updated_at!))).toBe(utcDay(new Date()));
  });

  it('refuses a malformed price table at boot', () => {
    expect(() => loadConfig({ PRICE_TABLE_JSON: '{"ETH":' })).toThrow(ConfigError);
    expect(() => loadConfig({ PRICE_API_URL: 'not a url' })).toThrow(ConfigError);
  });
});
