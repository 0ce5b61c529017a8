import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaceRole } from '@keystead/contract';
import {
  KEYS,
  V4,
  addAccount,
  binanceRead,
  exchangeTestBed,
  payForExchanges,
  type ExchangeTestBed,
} from '../../../test/exchange-helpers';
import { botCall } from '../../../test/platform-api-client';
import { addMember, createSpace, person, freshCode, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LockNamespace } from '../../jobs/lock-ids';

/**
 * Risk control and the platform API (issue 17): rules kept by risk-control users, a platform key
 * for bots (HMAC over the exact bytes, timestamp window, nonce once, IP whitelist), and orders
 * judged before the real ccxt client places them at the exchange STAND-IN (test/exchange-stand-in*.ts),
 * which checks ccxt's Binance signature and the order's parameters with its own code.
 */
let bed: ExchangeTestBed;
let t: TestApp;
let admin: Person;
let riskUser: Person;
let spaceId: number;
let walletId: number;
let readOnlyWalletId: number;
let key: { id: number; api_key: string; secret: string };

const code = (who: Person, purpose: string) => freshCode(t, who, purpose);

const btcRule = {
  trade_category: 1,
  symbols: ['BTC/USDT', 'ETH/BTC'],
  max_order_amount: '0.2',
  max_order_usdt: '6000',
  buy_limit: '0.25',
  sell_limit: null,
  buy_limit_usdt: null,
  sell_limit_usdt: null,
};
const marketRule = { trade_category: 8, symbols: ['BTC/USDT'], max_order_usdt: '3000' };

async function saveRules(who: Person, rules: unknown[], extra: Record<string, unknown> = {}) {
  return who.client.post<{ status: number; rules: Array<{ trade_category: number }> }>(
    `${V4}/escrow/risk-control-rules`,
    { wallet_id: walletId, tactic_type: 1, rules, email_code: await code(who, 'risk_control'), ...extra },
  );
}

const order = (over: Record<string, unknown> = {}) => ({
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'limit',
  amount: '0.01',
  price: '60000',
  ...over,
});

/** Clears the log of accepted orders so each test's limits start from nothing. */
async function clearOrders() {
  await t.ctx.db.deleteFrom('escrow_orders').execute();
}

beforeAll(async () => {
  bed = await exchangeTestBed();
  ({ t, admin, spaceId } = bed);
  await payForExchanges(t, spaceId);
  const trading = await addAccount(admin, {
    exchange: 'binance',
    api_key: KEYS[1]!.apiKey,
    secret: KEYS[1]!.secret,
    api_key_type: 2,
  });
  expect(trading.code, JSON.stringify(trading)).toBe('OK');
  walletId = trading.data.wallet_id;
  const readOnly = await addAccount(admin, binanceRead);
  expect(readOnly.code).toBe('OK');
  readOnlyWalletId = readOnly.data.wallet_id;
  riskUser = await addMember(t, admin, spaceId, SpaceRole.Member);
  const roles = await admin.client.put('/api/v1/wallets/risk-control-user', {
    wallet_id: walletId,
    user_ids: [riskUser.userId],
  });
  expect(roles.code).toBe('OK');
}, 120_000);

afterAll(() => bed?.close());

describe('risk-control rules', () => {
  it('are changed by the account’s risk-control users only, with their e-mail code', async () => {
    expect((await saveRules(admin, [btcRule])).code).toBe('PERMISSION_RISK_CONTROL_ERROR');
    const wrongCode = await riskUser.client.post(`${V4}/escrow/risk-control-rules`, {
      wallet_id: walletId,
      tactic_type: 1,
      rules: [btcRule],
      email_code: '000000',
    });
    expect(wrongCode.code).toBe('AUTHENTICATION_CODE_ERROR');
    expect(await t.ctx.db.selectFrom('risk_rules').selectAll().execute()).toEqual([]);
    const saved = await saveRules(riskUser, [btcRule, marketRule]);
    expect(saved.code, JSON.stringify(saved)).toBe('OK');
    expect(saved.data.status).toBe(1);
    expect(saved.data.rules.map((r) => r.trade_category)).toEqual([1, 8]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('operation', '=', 'risk_rules_save')
      .execute();
    expect(audit).toHaveLength(1);
    // Admins and the member read them; only the risk-control user may change them.
    const read = await admin.client.get<{ can_manage: boolean; rules: unknown[] }>(
      `${V4}/escrow/risk-control-rules`,
      { wallet_id: walletId },
    );
    expect(read.data).toMatchObject({ can_manage: false });
    expect(read.data.rules).toHaveLength(2);
  });

  it('refuses negative or absurd limits, a lever on spot and a category twice, writing nothing', async () => {
    const before = await t.ctx.db.selectFrom('risk_rules').selectAll().execute();
    for (const [rules, expected] of [
      [[{ ...btcRule, max_order_usdt: '-5' }], 'PARAMS_INVALID_ERROR'],
      [[{ ...btcRule, buy_limit: '10000000000000' }], 'PARAMS_INVALID_ERROR'],
      [[{ ...btcRule, contract_lever: 20 }], 'RISK_CONTROL_STRATEGY_UNSUPPORTED_ERROR'],
      [[btcRule, btcRule], 'PARAMS_INVALID_ERROR'],
      [[{ ...btcRule, symbols: ['BTC/USDT; drop'] }], 'PARAMS_INVALID_ERROR'],
    ] as const) {
      const reply = await riskUser.client.post(`${V4}/escrow/risk-control-rules`, {
        wallet_id: walletId,
        tactic_type: 1,
        rules,
        email_code: '123456',
      });
      expect(reply.code, JSON.stringify(rules)).toBe(expected);
    }
    expect(await t.ctx.db.selectFrom('risk_rules').selectAll().execute()).toEqual(before);
  });

  it('sets the leverage cap of a perpetual category only, and names a missing rule', async () => {
    const lever = (category: number, value: number) =>
      code(riskUser, 'risk_control').then((email_code) =>
        riskUser.client.patch(`${V4}/escrow/risk-control-rules/lever`, {
          wallet_id: walletId,
          trade_category: category,
          contract_lever: value,
          email_code,
        }),
      );
    expect((await lever(1, 5)).code).toBe('RISK_CONTROL_STRATEGY_UNSUPPORTED_ERROR');
    expect((await lever(2, 5)).code).toBe('RISK_CONTROL_RULE_NOT_FOUND_ERROR');
  });

  it('are another space’s secret: an outsider is told the account does not exist', async () => {
    const outsider = await person(t, { mfa: true, prefix: 'escrow-outsider' });
    await createSpace(outsider, 'Other desk');
    for (const path of ['/escrow/risk-control-rules', '/escrow/api-keys', '/escrow/settings']) {
      const reply = await outsider.client.get(`${V4}${path}`, { wallet_id: walletId });
      expect(reply.code, path).toBe('EXCHANGE_API_NOT_FOUND_ERROR');
    }
    const log = await outsider.client.get<{ total: number }>(`${V4}/escrow/audit-logs`);
    expect(log.data.total).toBe(0);
  });
});

describe('platform API keys', () => {
  it('need a trading account, show the secret once and store it sealed, one per account', async () => {
    const create = async (wallet: number) =>
      admin.client.post<{ id: number; api_key: string; secret: string; status: number }>(
        `${V4}/escrow/api-keys`,
        {
          wallet_id: wallet,
          description: 'Grid bot',
          email_code: await code(admin, 'exchange_api_key'),
        },
      );
    expect((await create(readOnlyWalletId)).code).toBe('ESCROW_TRADING_KEY_REQUIRED_ERROR');
    const member = await riskUser.client.post(`${V4}/escrow/api-keys`, {
      wallet_id: walletId,
      description: 'x',
      email_code: '123456',
    });
    expect(member.code).toBe('PERMISSION_EXCHANGE_MANAGE_ERROR');
    const created = await create(walletId);
    expect(created.code, JSON.stringify(created)).toBe('OK');
    expect(created.data.secret.length).toBeGreaterThanOrEqual(40);
    key = { id: created.data.id, api_key: created.data.api_key, secret: created.data.secret };
    const listed = await admin.client.get<{ list: Array<Record<string, unknown>> }>(`${V4}/escrow/api-keys`, {
      wallet_id: walletId,
    });
    expect(listed.data.list).toHaveLength(1);
    expect(JSON.stringify(listed.data)).not.toContain(key.secret);
    const row = await t.ctx.db.selectFrom('platform_api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.secret);
    expect((await create(walletId)).code).toBe('LIMIT_PLATFORM_API_KEYS_ERROR');
    const info = await admin.client.get<{ signing: { endpoint: string } }>(`${V4}/escrow/api-keys/info`, {
      id: key.id,
    });
    expect(info.data.signing.endpoint).toBe('/api/v1/sign/hmac');
  });
});

describe('the platform API’s authentication', () => {
  it('answers a well-signed request and refuses each broken part with its code', async () => {
    const whoami = await botCall(t, key);
    expect(whoami.code, JSON.stringify(whoami)).toBe('OK');
    expect(whoami.data).toMatchObject({
      wallet_id: walletId,
      exchange_id: 'binance',
      trade_categories: [1, 8],
    });
    expect((await botCall(t, key, { apiKey: 'ksk_unknown' })).code).toBe('PLATFORM_API_KEY_ERROR');
    expect((await botCall(t, key, { signWith: 'not-the-secret' })).code).toBe('PLATFORM_API_SIGNATURE_ERROR');
    expect((await botCall(t, key, { timestamp: String(Date.now() - 31_000) })).code).toBe(
      'PLATFORM_API_TIMESTAMP_ERROR',
    );
    expect((await botCall(t, key, { nonce: 'short' })).code).toBe('PLATFORM_API_NONCE_ERROR');
    // The body is signed: the same signature over other bytes is refused, and nothing is placed.
    const tampered = await botCall(t, key, { body: order(), tamper: (body) => body.replace('0.01', '0.19') });
    expect(tampered.code).toBe('PLATFORM_API_SIGNATURE_ERROR');
    expect(bed.stand.orders).toHaveLength(0);
  });

  it('refuses a replayed request, even at once and from another process’s view', async () => {
    const nonce = 'replay-nonce-000000000001';
    expect((await botCall(t, key, { nonce })).code).toBe('OK');
    const replay = await botCall(t, key, { nonce });
    expect(replay.code).toBe('PLATFORM_API_NONCE_ERROR');
    expect(replay.status).toBe(401);
  });

  it('keeps to the IP whitelist (addresses and ranges) and to a paused key', async () => {
    const settings = async (ip_whitelist: string[]) =>
      admin.client.post(`${V4}/escrow/settings`, {
        wallet_id: walletId,
        ip_whitelist,
        timestamp_window_seconds: 30,
        email_code: await code(admin, 'exchange_settings'),
      });
    expect((await settings(['203.0.113.0/33'])).code).toBe('PARAMS_INVALID_ERROR');
    expect((await settings(['203.0.113.0/24', '2001:db8::1'])).code).toBe('OK');
    expect((await botCall(t, key, { ip: '198.51.100.20' })).code).toBe('PLATFORM_API_IP_ERROR');
    expect((await botCall(t, key, { ip: '203.0.113.77' })).code).toBe('OK');
    expect((await botCall(t, key, { ip: '2001:db8::1' })).code).toBe('OK');
    expect((await settings([])).code).toBe('OK');
    const pause = await admin.client.patch(`${V4}/escrow/api-keys`, { id: key.id, status: 2 });
    expect(pause.code).toBe('OK');
    expect((await botCall(t, key)).code).toBe('PLATFORM_API_KEY_PAUSED_ERROR');
    expect((await admin.client.patch(`${V4}/escrow/api-keys`, { id: key.id, status: 1 })).code).toBe('OK');
    const refusals = await t.ctx.db
      .selectFrom('escrow_orders')
      .select('code')
      .where('decision', '=', 'refused')
      .execute();
    expect(refusals.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        'PLATFORM_API_SIGNATURE_ERROR',
        'PLATFORM_API_NONCE_ERROR',
        'PLATFORM_API_IP_ERROR',
        'PLATFORM_API_KEY_PAUSED_ERROR',
      ]),
    );
  });
});

describe('the platform API’s rate limit', () => {
  it('slows down an address that keeps failing, not the bot at another address', async () => {
    const prober = '192.0.2.66';
    for (let i = 0; i < 20; i += 1) {
      const reply = await botCall(t, key, { ip: prober, signWith: `guess-${i}` });
      expect(reply.code).toBe('PLATFORM_API_SIGNATURE_ERROR');
    }
    const slowed = await botCall(t, key, { ip: prober });
    expect(slowed.status).toBe(429);
    expect(slowed.code).toBe('CAPTCHA_TOO_FREQUENT_ERROR');
    expect((await botCall(t, key)).code).toBe('OK');
  });
});

describe('orders through the platform API', () => {
  it('places an order the rules allow at the exchange with the account’s key, and logs it', async () => {
    await clearOrders();
    const placed = await botCall(t, key, { body: order({ amount: '0.01', client_order_id: 'bot-1' }) });
    expect(placed.code, JSON.stringify(placed)).toBe('OK');
    expect(placed.data).toMatchObject({
      decision: 'accepted',
      symbol: 'BTC/USDT',
      side: 'buy',
      amount: '0.01',
    });
    const sent = bed.stand.orders.at(-1)!;
    expect(sent).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000',
      apiKey: KEYS[1]!.apiKey,
    });
    expect(Number(sent.quantity)).toBe(0.01);
    expect(placed.data!.exchange_order_id).toBe(String(sent.orderId));
    const log = await riskUser.client.get<{ list: Array<Record<string, unknown>> }>(
      `${V4}/escrow/audit-logs`,
      { wallet_id: walletId, decision: 'accepted' },
    );
    expect(log.data.list[0]).toMatchObject({
      decision: 'accepted',
      notional_usdt: '600',
      exchange_order_id: String(sent.orderId),
    });
  });

  it('refuses what breaks a rule before the exchange hears of it, naming the limit', async () => {
    await clearOrders();
    const before = bed.stand.orders.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [order({ amount: '0.21' }), 'max_order_amount'],
      [order({ amount: '0.11' }), 'max_order_usdt'],
      [order({ symbol: 'ETH/USDT', price: '3000' }), 'symbols'],
      [order({ side: 'sell', type: 'market', price: undefined, amount: '0.06' }), 'max_order_usdt'],
    ];
    for (const [body, limit] of cases) {
      const reply = await botCall(t, key, { body });
      expect(reply.code, JSON.stringify(body)).toBe('RISK_CONTROL_ORDER_REFUSED_ERROR');
      expect(reply.data).toMatchObject({ limit });
      expect(reply.message).toMatch(/refused by the risk-control rules/);
    }
    expect(bed.stand.orders.length).toBe(before);
    // A market order is valued at the exchange's last price: 0.05 × 60,000 = 3,000 ≤ 3,000.
    expect(
      (
        await botCall(t, key, {
          body: order({ type: 'market', side: 'sell', price: undefined, amount: '0.05' }),
        })
      ).code,
    ).toBe('OK');
    // A category without a rule is refused (deny by default).
    const perpetual = await botCall(t, key, {
      body: order({ symbol: 'BTC/USDT:USDT', trade_category: 2, leverage: 2 }),
    });
    expect(perpetual.code).toBe('RISK_CONTROL_ORDER_REFUSED_ERROR');
    expect(perpetual.data).toMatchObject({ limit: 'trade_category', value: '2' });
  });

  it('counts the window’s buys against the buy limit: concurrent orders cannot both pass', async () => {
    await clearOrders();
    const before = bed.stand.orders.length;
    // buy_limit 0.25: of five concurrent 0.06 buys (0.30), exactly four fit.
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => botCall(t, key, { body: order({ amount: '0.06', price: '100' }) })),
    );
    const codes = replies.map((r) => r.code).sort();
    expect(codes).toEqual(['OK', 'OK', 'OK', 'OK', 'RISK_CONTROL_ORDER_REFUSED_ERROR']);
    expect(bed.stand.orders.length - before).toBe(4);
    const refused = replies.find((r) => r.code !== 'OK')!;
    expect(refused.data).toMatchObject({ limit: 'buy_limit', max: '0.25', value: '0.3' });
  });

  // PostgreSQL only: on PGlite every query shares one connection, so the open transaction below
  // would hold the order's queries back before they reach the lock (and the test could not see it).
  it.runIf(process.env.DATABASE_URL)(
    'judges an order only after a concurrent one holding the account’s lock has committed',
    async () => {
      await clearOrders();
      const waiting = async () => {
        const row = await sql<{ n: string }>`
          select count(*)::text as n from pg_locks where locktype = 'advisory' and not granted`.execute(
          t.ctx.db,
        );
        return Number(row.rows[0]!.n);
      };
      let placed: Promise<Awaited<ReturnType<typeof botCall>>> | null = null;
      await t.ctx.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LockNamespace.EscrowAccount}, ${walletId}::int)`.execute(
          trx,
        );
        await trx
          .insertInto('escrow_orders')
          .values({
            wallet_id: walletId,
            organization_id: spaceId,
            side: 'buy',
            trade_category: 1,
            amount: '0.25',
            decision: 'pending',
          })
          .execute();
        placed = botCall(t, key, { body: order({ amount: '0.01', price: '100' }) });
        // The order waits on the lock (it must not judge against what it cannot see yet).
        await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      });
      const reply = await placed!;
      expect(reply.code).toBe('RISK_CONTROL_ORDER_REFUSED_ERROR');
      expect(reply.data).toMatchObject({ limit: 'buy_limit', value: '0.26' });
    },
  );

  it('an exchange that refuses for funds is the catalogue’s insufficient balance, logged as failed', async () => {
    await clearOrders();
    // 0.2 BTC at 6,000 = 1,200 USDT: within the rules, above the 1,000 USDT the account holds.
    const reply = await botCall(t, key, { body: order({ amount: '0.2', price: '6000' }) });
    expect(reply.code).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    const row = await t.ctx.db
      .selectFrom('escrow_orders')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ decision: 'failed', code: 'TRANSFER_BALANCE_INSUFFICIENT_ERROR' });
  });

  it('exports the escrow log as CSV', async () => {
    const response = await admin.client.get(`${V4}/escrow/audit-logs/export`, { wallet_id: walletId });
    expect(response.status).toBe(200);
    expect(response.raw).toContain('decision');
    expect(response.raw).toContain('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
  });
});

describe('perpetual orders (category 2) on Binance USDⓈ-M, the leverage set at the exchange first', () => {
  const perpetualRule = {
    trade_category: 2,
    symbols: ['BTC/USDT'],
    contract_lever: 10,
    max_order_usdt: '3000',
  };
  const perpetual = (over: Record<string, unknown> = {}) => ({
    symbol: 'BTC/USDT:USDT',
    trade_category: 2,
    side: 'buy',
    type: 'limit',
    amount: '0.01',
    price: '60000',
    leverage: 5,
    ...over,
  });
  const tradeKey = KEYS[1]!;
  /** The stand-in's requests from `from` on, as "METHOD /path". */
  const sentSince = (from: number) => bed.stand.requests.slice(from).map((r) => `${r.method} ${r.path}`);
  const lastRow = () =>
    t.ctx.db.selectFrom('escrow_orders').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    const saved = await saveRules(riskUser, [btcRule, marketRule, perpetualRule]);
    expect(saved.code, JSON.stringify(saved)).toBe('OK');
    await clearOrders();
  });
  afterAll(() => {
    bed.stand.keys.set(tradeKey.apiKey, tradeKey);
  });

  it('a key without futures trading: the exchange refuses the leverage, nothing is placed, the row is failed', async () => {
    const from = bed.stand.requests.length;
    const reply = await botCall(t, key, { body: perpetual() });
    expect(reply.code, JSON.stringify(reply)).toBe('EXCHANGE_AUTH_ERROR');
    // The swap market list is already cached (read once, by the earlier order without a rule);
    // the leverage call, which Binance refuses (-2015), comes first: the order is never sent.
    expect(sentSince(from)).toEqual(['POST /fapi/v1/leverage']);
    // Only the lists the orders needed were ever read, each once: spot and USDⓈ-M swaps, not
    // Binance's coin-margined, options, currency or margin lists.
    const lists = bed.stand.requests
      .filter((r) => /exchangeInfo|capital\/config|margin\/all/.test(r.path))
      .map((r) => r.path);
    expect(lists).toEqual(['/api/v3/exchangeInfo', '/fapi/v1/exchangeInfo']);
    expect(bed.stand.futures.leverageChanges).toHaveLength(0);
    expect(bed.stand.futures.orders).toHaveLength(0);
    expect(await lastRow()).toMatchObject({
      symbol: 'BTC/USDT:USDT',
      trade_category: 2,
      decision: 'failed',
      code: 'EXCHANGE_AUTH_ERROR',
      exchange_order_id: null,
    });
    // One order's refusal says nothing of the key as a whole: the account stays available.
    const account = await t.ctx.db
      .selectFrom('exchange_accounts')
      .select('status')
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe(1);
  });

  it('places a perpetual within the cap: POST /fapi/v1/leverage 5 for BTCUSDT, then the order at that leverage', async () => {
    bed.stand.keys.set(tradeKey.apiKey, { ...tradeKey, binanceDerivatives: true });
    const from = bed.stand.requests.length;
    const placed = await botCall(t, key, { body: perpetual({ client_order_id: 'perp-1' }) });
    expect(placed.code, JSON.stringify(placed)).toBe('OK');
    expect(placed.data).toMatchObject({
      decision: 'accepted',
      symbol: 'BTC/USDT:USDT',
      side: 'buy',
      amount: '0.01',
    });
    expect(sentSince(from)).toEqual(['POST /fapi/v1/leverage', 'POST /fapi/v1/order']);
    expect(bed.stand.futures.leverageChanges).toEqual([
      { symbol: 'BTCUSDT', leverage: 5, apiKey: tradeKey.apiKey },
    ]);
    const sent = bed.stand.futures.orders.at(-1)!;
    expect(sent).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '60000',
      timeInForce: 'GTC',
      leverage: 5,
      clientOrderId: 'perp-1',
      apiKey: tradeKey.apiKey,
    });
    expect(placed.data!.exchange_order_id).toBe(String(sent.orderId));
    expect(await lastRow()).toMatchObject({
      trade_category: 2,
      decision: 'accepted',
      notional_usdt: '600',
      exchange_order_id: String(sent.orderId),
    });
  });

  it('a market perpetual is valued at the futures last price; leverage at the cap passes', async () => {
    const from = bed.stand.requests.length;
    const body = perpetual({ type: 'market', side: 'sell', price: undefined, amount: '0.05', leverage: 10 });
    const placed = await botCall(t, key, { body });
    expect(placed.code, JSON.stringify(placed)).toBe('OK');
    expect(sentSince(from)).toEqual([
      'GET /fapi/v1/ticker/24hr',
      'POST /fapi/v1/leverage',
      'POST /fapi/v1/order',
    ]);
    expect(bed.stand.futures.orders.at(-1)).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.05',
      price: null,
      leverage: 10,
    });
    // 0.05 × 60,000 = 3,000 ≤ max_order_usdt 3,000 (and its margin, 3,000 ÷ 10, fits the 400 USDT available).
    expect(await lastRow()).toMatchObject({ decision: 'accepted', notional_usdt: '3000' });
  });

  it('refuses leverage above the cap before the exchange hears of it, naming the limit', async () => {
    const from = bed.stand.requests.length;
    const placedBefore = bed.stand.futures.orders.length;
    const reply = await botCall(t, key, { body: perpetual({ leverage: 20 }) });
    expect(reply.code).toBe('RISK_CONTROL_ORDER_REFUSED_ERROR');
    expect(reply.data).toMatchObject({ limit: 'contract_lever', max: '10', value: '20' });
    expect(sentSince(from).filter((r) => r.startsWith('POST'))).toEqual([]);
    expect(bed.stand.futures.orders).toHaveLength(placedBefore);
    expect(bed.stand.futures.leverageChanges.map((c) => c.leverage)).toEqual([5, 10]);
    expect(await lastRow()).toMatchObject({
      trade_category: 2,
      decision: 'refused',
      rule: { limit: 'contract_lever' },
    });
  });

  it('needs the leverage, a whitelisted pair and a linear swap symbol', async () => {
    const from = bed.stand.requests.length;
    const noLeverage = await botCall(t, key, { body: perpetual({ leverage: undefined }) });
    expect(noLeverage.code).toBe('PARAMS_REQUIRED_ERROR');
    expect(JSON.stringify(noLeverage)).toContain('leverage');
    const eth = await botCall(t, key, { body: perpetual({ symbol: 'ETH/USDT:USDT', price: '3000' }) });
    expect(eth.code).toBe('RISK_CONTROL_ORDER_REFUSED_ERROR');
    expect(eth.data).toMatchObject({ limit: 'symbols', value: 'ETH/USDT:USDT' });
    // A spot pair is no perpetual, and a perpetual no spot pair.
    const spotSymbol = await botCall(t, key, { body: perpetual({ symbol: 'BTC/USDT' }) });
    expect(spotSymbol.code).toBe('PARAMS_INVALID_ERROR');
    const swapAsSpot = await botCall(t, key, { body: order({ symbol: 'BTC/USDT:USDT' }) });
    expect(swapAsSpot.code).toBe('PARAMS_INVALID_ERROR');
    expect(sentSince(from).filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('delivery, options, margin and the unified categories stay unsupported', async () => {
    for (const trade_category of [3, 4, 5, 13]) {
      const reply = await botCall(t, key, { body: perpetual({ trade_category }) });
      expect(reply.code, String(trade_category)).toBe('RISK_CONTROL_STRATEGY_UNSUPPORTED_ERROR');
    }
  });
});

// Last: after it the records are sealed under a key the first app does not hold.
describe('a rotated master key', () => {
  it('still checks the bots’ signatures and re-seals the key’s data key on first use', async () => {
    const rotated = await createTestApp(
      {
        EXCHANGE_API_URLS_JSON: JSON.stringify({ binance: bed.stand.url }),
        EXCHANGE_SECRET_KEY: 'r'.repeat(40),
        EXCHANGE_SECRET_KEY_PREVIOUS: t.ctx.config.exchangeSecretKey,
      },
      { chains: [], sharedSchemaOf: t },
    );
    try {
      const before = await t.ctx.db.selectFrom('platform_api_keys').selectAll().executeTakeFirstOrThrow();
      expect((await botCall(rotated, key)).code).toBe('OK');
      const after = await t.ctx.db.selectFrom('platform_api_keys').selectAll().executeTakeFirstOrThrow();
      expect(after.master_key_id).not.toBe(before.master_key_id);
      expect(after.sealed_secret).toBe(before.sealed_secret);
      expect((await botCall(rotated, key)).code).toBe('OK');
    } finally {
      await rotated.close();
    }
  });
});
