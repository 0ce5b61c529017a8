// Asset home and analysis (§2, §7 /wallets/total-asset, /wallets/statistics, /wallets/num,
// /asset-show, /currency/exchange-rate and the analysis calls). One Safe is real (deployed and
// funded on the Hardhat devnet, its balances read from the chain); the history the trend and the
// profit and loss read is seeded as rows, as the issue asks, and every expectation below is
// computed here from what was seeded, not read back from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetTrend, FlowAnalysis, ProfitLossReport, TotalAsset, WalletNum } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { createSafe, transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { recordSnapshots, sumSpaceDays } from './asset-snapshots';
import { priceBook } from '../prices/prices';
import { utcDay } from '../prices/price-book';

const DAY = 86_400_000;
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY));
const at = (n: number) => new Date(Date.parse(`${daysAgo(n)}T12:00:00Z`));

let t: TestApp;
let space: TransferSpace;
let outsider: Person;
let outsiderSpace: number;
const viewer = () => space.members[0]!;
const wallets = { a: 0, b: 0, safe: 0, pnl: 0 };
/** Seeded daily values (USD) of wallets A and B; day 5 ago has no snapshot (the server was down). */
const seeded: Record<'a' | 'b', Record<number, number>> = {
  a: { 9: 100, 8: 110, 7: 120, 6: 130, 4: 150, 3: 160, 2: 170, 1: 180 },
  b: { 9: 1000, 8: 900, 7: 800, 6: 700, 4: 500, 3: 400, 2: 300, 1: 200 },
};
/** The funded Safe: 1 ETH (2500 each here) and 1000 USDT today; its history rebuilt from records. */
const safeValue: Record<number, number> = {
  3: 0.4 * 2500 + 1000,
  2: 0.3 * 2500 + 1000,
  1: 0.3 * 2500 + 1000,
  0: 3500,
};

let nextHash = 1;
async function record(
  walletId: number,
  organizationId: number,
  row: { daysAgo: number; direction: 1 | 2; symbol: string; amount: string; decimals: number; cost?: string },
) {
  await t.ctx.db
    .insertInto('transfer_records')
    .values({
      organization_id: organizationId,
      wallet_id: walletId,
      chain_key: '31337',
      direction: row.direction,
      tx_hash: `0x${(nextHash++).toString(16).padStart(64, '0')}`,
      from_address: '0x0000000000000000000000000000000000000001',
      to_address: '0x0000000000000000000000000000000000000002',
      token_key: row.symbol === 'ETH' ? 'native' : row.symbol.toLowerCase(),
      symbol: row.symbol,
      decimals: row.decimals,
      amount: row.amount,
      block_number: '1',
      cost_price: row.cost ?? null,
      created_at: at(row.daysAgo),
    })
    .execute();
}

async function seedSnapshots(walletId: number, values: Record<number, number>) {
  await t.ctx.db
    .insertInto('asset_snapshots')
    .values(
      Object.entries(values).map(([ago, value]) => ({
        organization_id: space.spaceId,
        wallet_id: walletId,
        day: daysAgo(Number(ago)),
        token_key: 'native',
        symbol: 'ETH',
        decimals: 18,
        amount: ((BigInt(Math.round(value * 1e6)) * 10n ** 12n) / 2500n).toString(),
        usd_price: '2500',
        usd_value: String(value),
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ PRICE_TABLE_JSON: '{"ETH":"2500"}' });
  space = await transferSpace(t, 1, 'Assets');
  const pair = (who: Person, first: number) => [
    { who, key: first },
    { who, key: first + 1 },
  ];
  const spec = (who: Person, first: number) => ({
    signers: pair(who, first),
    threshold: 2,
    operators: [who],
    deployFrom: 9,
  });
  const safe = await createSafe(t, space.admin, { ...spec(space.admin, 21), usdt: '1000' });
  wallets.safe = safe.walletId;
  wallets.a = (
    await createSafe(
      t,
      space.admin,
      { ...spec(space.admin, 23), viewers: [viewer()], deploy: false },
      'Wallet A',
    )
  ).walletId;
  wallets.b = (
    await createSafe(t, space.admin, { ...spec(space.admin, 25), deploy: false }, '=Wallet B')
  ).walletId;
  // The Safe's records: 0.4 ETH in 3 days ago, 0.1 out 2 days ago, 0.7 in today (1 ETH held now).
  await record(wallets.safe, space.spaceId, {
    daysAgo: 3,
    direction: 1,
    symbol: 'ETH',
    amount: '400000000000000000',
    decimals: 18,
  });
  await record(wallets.safe, space.spaceId, {
    daysAgo: 2,
    direction: 2,
    symbol: 'ETH',
    amount: '100000000000000000',
    decimals: 18,
  });
  await record(wallets.safe, space.spaceId, {
    daysAgo: 0,
    direction: 1,
    symbol: 'ETH',
    amount: '700000000000000000',
    decimals: 18,
  });
  await seedSnapshots(wallets.a, seeded.a);
  await seedSnapshots(wallets.b, seeded.b);

  // Another space, whose wallet must never count in the first one.
  outsider = await person(t, { mfa: true, prefix: 'elsewhere' });
  outsiderSpace = await createSpace(outsider, 'Elsewhere');
  await t.ctx.db
    .updateTable('organizations')
    .set({ plan: 'enterprise', plan_expires_at: new Date(Date.now() + DAY) })
    .where('id', '=', outsiderSpace)
    .execute();
  wallets.pnl = (await createSafe(t, outsider, { ...spec(outsider, 27), deploy: false }, 'Trading')).walletId;
}, 180_000);
afterAll(() => t?.close());

describe('snapshots', () => {
  it("records today's balance and value once, again only when a balance changes, and rebuilds the days before from records", async () => {
    await recordSnapshots(t.ctx);
    const rows = await t.ctx.db
      .selectFrom('asset_snapshots')
      .select(['day', 'symbol', 'amount', 'usd_value'])
      .where('wallet_id', '=', wallets.safe)
      .orderBy('day')
      .orderBy('symbol')
      .execute();
    const byDay = new Map<string, number>();
    for (const row of rows) {
      const day = typeof row.day === 'string' ? row.day : utcDay(row.day as unknown as Date);
      byDay.set(day, (byDay.get(day) ?? 0) + Number(row.usd_value));
    }
    expect(Object.fromEntries(byDay)).toEqual(
      Object.fromEntries(Object.entries(safeValue).map(([ago, value]) => [daysAgo(Number(ago)), value])),
    );
    // Nothing changed: nobody is due. A balance changes: that wallet alone is written again.
    expect(await recordSnapshots(t.ctx)).toBe(0);
    await t.ctx.db
      .updateTable('wallet_balances')
      .set({ amount: '2000000000000000000', updated_at: new Date(Date.now() + 1000) })
      .where('wallet_id', '=', wallets.safe)
      .where('token_key', '=', 'native')
      .execute();
    expect(await recordSnapshots(t.ctx, new Date(Date.now() + 2000))).toBe(1);
    const today = await t.ctx.db
      .selectFrom('space_asset_days')
      .select('usd_value')
      .where('organization_id', '=', space.spaceId)
      .where('day', '=', daysAgo(0))
      .executeTakeFirstOrThrow();
    expect(Number(today.usd_value)).toBe(2 * 2500 + 1000);
    // Back to what the chain holds (the devnet's 1 ETH) for the tests below.
    await t.ctx.db
      .updateTable('wallet_balances')
      .set({ amount: '1000000000000000000', updated_at: new Date(Date.now() + 3000) })
      .where('wallet_id', '=', wallets.safe)
      .where('token_key', '=', 'native')
      .execute();
    expect(await recordSnapshots(t.ctx, new Date(Date.now() + 4000))).toBe(1);
  });
});

describe('the asset trend', () => {
  const expected = (days: number, who: Array<'a' | 'b' | 'safe'>) => {
    const points: Array<{ day: string; value: string }> = [];
    let last = 0;
    for (let ago = days - 1; ago >= 0; ago--) {
      const present = ago in seeded.a || ago in safeValue || ago === 0;
      if (present)
        last = who.reduce(
          (sum, w) => sum + (w === 'safe' ? (safeValue[ago] ?? 0) : (seeded[w][ago] ?? 0)),
          0,
        );
      // Day 5 ago has no snapshot: the day before it carries on.
      points.push({ day: daysAgo(ago), value: last.toFixed(2) });
    }
    return points;
  };

  it("equals, each day, the sum of the admin's wallets' values (a day without snapshots carries the one before)", async () => {
    await sumSpaceDays(t.ctx.db, space.spaceId, daysAgo(40), daysAgo(0));
    const reply = await space.admin.client.get<AssetTrend>('/api/v1/wallets/statistics', { range: '7D' });
    expect(reply.code).toBe('OK');
    expect(reply.data.points).toEqual(expected(7, ['a', 'b', 'safe']));
    // From the first day shown (A 130 + B 700) to today (the Safe's 3,500; A and B hold nothing).
    expect(reply.data.change_amount).toBe((3500 - (130 + 700)).toFixed(2));
    expect(reply.data.amount_trend).toBe('increase');
  });

  it('counts only the wallets a member sees, and one wallet when asked', async () => {
    const mine = await viewer().client.get<AssetTrend>('/api/v1/wallets/statistics', { range: '7D' });
    expect(mine.data.points).toEqual(expected(7, ['a']));
    const one = await space.admin.client.get<AssetTrend>('/api/v1/wallets/statistics', {
      range: '7D',
      wallet_id: wallets.b,
    });
    expect(one.data.points.slice(0, 6)).toEqual(expected(7, ['b']).slice(0, 6));
  });

  it('keeps ranges within the plan: a free space sees 7D and 30D, 90D and 1Y need a larger plan', async () => {
    await t.ctx.db
      .updateTable('organizations')
      .set({ plan: 'free', plan_expires_at: null })
      .where('id', '=', space.spaceId)
      .execute();
    for (const range of ['7D', '30D'])
      expect((await space.admin.client.get('/api/v1/wallets/statistics', { range })).code).toBe('OK');
    for (const range of ['90D', '1Y']) {
      const refused = await space.admin.client.get('/api/v1/wallets/statistics', { range });
      expect(refused.code).toBe('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
      expect(refused.data).toEqual({ range, months: 1 });
    }
    await t.ctx.db
      .updateTable('organizations')
      .set({ plan: 'plus', plan_expires_at: new Date(Date.now() + DAY) })
      .where('id', '=', space.spaceId)
      .execute();
    const year = await space.admin.client.get<AssetTrend>('/api/v1/wallets/statistics', { range: '1Y' });
    expect(year.code).toBe('OK');
    expect(year.data.points[0]!.day).toBe(daysAgo(9));
    expect((await space.admin.client.get('/api/v1/wallets/statistics', { range: '2Y' })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
  });

  it("never counts another space's wallets, nor lets them be named", async () => {
    await t.ctx.db
      .insertInto('asset_snapshots')
      .values({
        organization_id: outsiderSpace,
        wallet_id: wallets.pnl,
        day: daysAgo(1),
        token_key: 'native',
        symbol: 'ETH',
        decimals: 18,
        amount: '1',
        usd_price: '2500',
        usd_value: '999999',
      })
      .execute();
    await sumSpaceDays(t.ctx.db, outsiderSpace, daysAgo(1), daysAgo(1));
    const trend = await space.admin.client.get<AssetTrend>('/api/v1/wallets/statistics', { range: '7D' });
    expect(trend.data.points).toEqual(expected(7, ['a', 'b', 'safe']));
    const named = await space.admin.client.get('/api/v1/wallets/statistics', {
      range: '7D',
      wallet_id: wallets.pnl,
    });
    expect(named.code).toBe('WALLET_NOT_FOUND_ERROR');
    const theirs = await outsider.client.get('/api/v1/asset/profit-loss', { wallet_id: wallets.a });
    expect(theirs.code).toBe('WALLET_NOT_FOUND_ERROR');
    const num = await outsider.client.get<WalletNum>('/api/v1/wallets/num');
    expect(num.data).toEqual({
      wallet_num: 1,
      by_chain: [{ chain_key: '31337', chain_name: expect.any(String), wallet_num: 1 }],
    });
  });
});

describe('the asset home', () => {
  it('totals the live balances, says the change since yesterday, and splits by token, wallet and chain', async () => {
    const reply = await space.admin.client.get<TotalAsset>('/api/v1/wallets/total-asset');
    expect(reply.code).toBe('OK');
    const data = reply.data;
    expect(data.total_amount).toBe('3500.00');
    // Yesterday: A 180 + B 200 + the Safe 1750.
    expect(data.change_amount).toBe((3500 - 2130).toFixed(2));
    expect(data.change_rate).toBe((((3500 - 2130) / 2130) * 100).toFixed(2));
    expect(data.amount_trend).toBe('increase');
    expect(data.wallet_num).toBe(3);
    expect(data.transaction_num).toBe(3);
    expect(data.by_token.map((x) => [x.symbol, x.amount, x.value, x.proportion])).toEqual([
      ['ETH', '1', '2500.00', '71.43'],
      ['USDT', '1000', '1000.00', '28.57'],
    ]);
    expect(data.by_wallet.map((w) => [w.wallet_id, w.value])).toEqual([
      [wallets.safe, '3500.00'],
      [wallets.a, '0.00'],
      [wallets.b, '0.00'],
    ]);
    expect(data.by_chain).toEqual([
      {
        chain_key: '31337',
        chain_name: expect.any(String),
        wallet_num: 3,
        value: '3500.00',
        proportion: '100.00',
      },
    ]);
    expect(data.prices).toEqual({ source: 'table', updated_at: null, stale: false });
    const hidden = await space.admin.client.get<TotalAsset>('/api/v1/wallets/total-asset', {
      hide_small: '1',
    });
    expect(hidden.data.by_wallet.map((w) => w.wallet_id)).toEqual([wallets.safe]);
    // A member counts what they see: wallet A only.
    const mine = await viewer().client.get<TotalAsset>('/api/v1/wallets/total-asset');
    expect([mine.data.total_amount, mine.data.wallet_num, mine.data.change_amount]).toEqual([
      '0.00',
      1,
      '-180.00',
    ]);
    expect(mine.data.amount_trend).toBe('decrease');
  });

  it('remembers whether amounts are shown and small assets hidden, per user', async () => {
    expect((await viewer().client.get('/api/v1/asset-show')).data).toEqual({
      show_amount: true,
      hide_small: false,
    });
    expect((await viewer().client.post('/api/v1/asset-show', { hide_small: true })).data).toEqual({
      show_amount: true,
      hide_small: true,
    });
    expect((await viewer().client.post('/api/v1/asset-show', { show_amount: false })).data).toEqual({
      show_amount: false,
      hide_small: true,
    });
    expect((await space.admin.client.get('/api/v1/asset-show')).data).toEqual({
      show_amount: true,
      hide_small: false,
    });
    expect((await viewer().client.post('/api/v1/asset-show', { show_amount: 'no' })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
  });

  it('exports each table as CSV whose cells never run as formulas', async () => {
    const reply = await space.admin.client.get('/api/v1/asset/export', { table: 'wallet' });
    expect(reply.status).toBe(200);
    const lines = reply.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('wallet_id,name,chain,value_usd,proportion_percent');
    expect(lines).toContain(`${wallets.b},'=Wallet B,31337,0.00,0.00`);
    const assets = await space.admin.client.get('/api/v1/wallets/asset-info/export', {
      wallet_id: wallets.safe,
    });
    expect(assets.raw).toContain('ETH,,1,1,0,2500,2500.00,71.43');
    const other = await outsider.client.get('/api/v1/wallets/asset-info/export', { wallet_id: wallets.safe });
    expect(other.code).toBe('WALLET_NOT_FOUND_ERROR');
  });
});

describe('profit and loss (first in, first out)', () => {
  it('works the example: 2 ETH at 2,000 and 1 at 3,000 in, 1.5 out at 2,500, price now 2,500', async () => {
    // The 3,000 and the 2,500 are the day's prices of those records; the 2,000 a noted cost price.
    await t.ctx.db
      .insertInto('price_days')
      .values([
        { symbol: 'ETH', day: daysAgo(8), usd_price: '3000' },
        { symbol: 'ETH', day: daysAgo(5), usd_price: '2500' },
      ])
      .execute();
    await record(wallets.pnl, outsiderSpace, {
      daysAgo: 10,
      direction: 1,
      symbol: 'ETH',
      amount: '2000000000000000000',
      decimals: 18,
      cost: '2000',
    });
    await record(wallets.pnl, outsiderSpace, {
      daysAgo: 8,
      direction: 1,
      symbol: 'ETH',
      amount: '1000000000000000000',
      decimals: 18,
    });
    await record(wallets.pnl, outsiderSpace, {
      daysAgo: 5,
      direction: 2,
      symbol: 'ETH',
      amount: '1500000000000000000',
      decimals: 18,
    });
    // A deposit with no price of its own is valued at today's (and counted as such).
    await record(wallets.pnl, outsiderSpace, {
      daysAgo: 4,
      direction: 1,
      symbol: 'USDT',
      amount: '100000000',
      decimals: 6,
    });
    const reply = await outsider.client.get<ProfitLossReport>('/api/v1/asset/profit-loss');
    expect(reply.code).toBe('OK');
    // FIFO: the 1.5 out takes 1.5 of the 2,000 lot: realised 1.5 × (2,500 − 2,000) = 750. Left:
    // 0.5 at 2,000 and 1 at 3,000 = cost 4,000, worth 1.5 × 2,500 = 3,750: unrealised −250.
    const eth = reply.data.tokens.find((x) => x.symbol === 'ETH')!;
    expect(eth).toEqual({
      symbol: 'ETH',
      holding: '1.5',
      average_cost: '2666.67',
      price: '2500',
      unpriced_records: 0,
      cost_basis: '4000.00',
      market_value: '3750.00',
      realised: '750.00',
      unrealised: '-250.00',
      total: '500.00',
      profit_loss: 1,
    });
    const usdt = reply.data.tokens.find((x) => x.symbol === 'USDT')!;
    expect([usdt.unpriced_records, usdt.total, usdt.profit_loss]).toEqual([1, '0.00', 1]);
    expect(reply.data.totals).toEqual({
      cost_basis: '4100.00',
      market_value: '3850.00',
      realised: '750.00',
      unrealised: '-250.00',
      total: '500.00',
      profit_loss: 1,
    });
    expect(reply.data.method).toBe('FIFO');
  });

  it('says loss (2) when the price falls under the cost', async () => {
    await t.ctx.db
      .insertInto('prices')
      .values({ symbol: 'ETH', usd_price: '1000', source: 'table', fetched_at: new Date() })
      .execute();
    await priceBook().load(t.ctx.db, true);
    try {
      const reply = await outsider.client.get<ProfitLossReport>('/api/v1/asset/profit-loss', {
        wallet_id: wallets.pnl,
      });
      const eth = reply.data.tokens.find((x) => x.symbol === 'ETH')!;
      // Realised stays 750; left 1.5 ETH worth 1,500 against 4,000: −2,500; total −1,750.
      expect([eth.realised, eth.unrealised, eth.total, eth.profit_loss]).toEqual([
        '750.00',
        '-2500.00',
        '-1750.00',
        2,
      ]);
    } finally {
      await t.ctx.db.deleteFrom('prices').where('symbol', '=', 'ETH').execute();
      await priceBook().load(t.ctx.db, true);
    }
  });
});

describe('transaction analysis', () => {
  it('sums inflow and outflow per day and token at their prices, within the period', async () => {
    const week = await outsider.client.get<FlowAnalysis>('/api/v1/asset/transactions', { period: '1W' });
    expect(week.code).toBe('OK');
    expect(week.data.days).toHaveLength(7);
    // In the week: the 1.5 ETH out 5 days ago (2,500 that day) and the 100 USDT in 4 days ago.
    expect(week.data.totals).toEqual({
      inflow_value: '100.00',
      outflow_value: '3750.00',
      in_count: 1,
      out_count: 1,
      fee_value: '0.00',
    });
    expect(week.data.days.find((d) => d.day === daysAgo(5))).toMatchObject({
      outflow_value: '3750.00',
      out_count: 1,
    });
    expect(week.data.by_purpose).toEqual([
      { label_id: null, name: null, outflow_value: '3750.00', out_count: 1 },
    ]);
    const month = await outsider.client.get<FlowAnalysis>('/api/v1/asset/transactions', { period: '3W' });
    // Three weeks take in the deposits of 10 and 8 days ago too: 2 × 2,000 (noted) + 1 × 3,000.
    expect(month.data.totals.inflow_value).toBe('7100.00');
    expect(month.data.by_token.find((x) => x.symbol === 'ETH')).toMatchObject({
      inflow: '3',
      outflow: '1.5',
      in_count: 2,
      out_count: 1,
    });
  });
});

describe('display currencies', () => {
  it('answers units per US dollar for each currency the profile offers', async () => {
    const reply = await viewer().client.get('/api/v1/currency/exchange-rate');
    expect(reply.data).toEqual({
      base: 'USD',
      rates: [
        { currency: 'USD', rate: '1' },
        { currency: 'CNY', rate: '7.2' },
        { currency: 'HKD', rate: '7.8' },
        { currency: 'EUR', rate: '0.92' },
      ],
      state: { source: 'table', updated_at: null, stale: false },
    });
  });
});
