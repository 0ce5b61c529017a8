import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeId } from '@keystead/contract';
import type { StandInKey } from '../../../test/exchange-stand-in';
import {
  V4,
  addAccount,
  check,
  exchangeTestBed,
  payForExchanges,
  endedAt,
  stepStatus,
  type ExchangeTestBed,
} from '../../../test/exchange-helpers';

/**
 * Gate, HTX and Coinbase accounts end to end: the add wizard's check, the add, balances and
 * deposit/withdrawal history, through the real ccxt client against the exchange STAND-IN, whose
 * parts for these exchanges (test/exchange-stand-in-gate.ts, -htx.ts, -coinbase.ts) check ccxt's
 * Gate HMAC-SHA512, HTX signature v2 and Coinbase CDP JWT (ES256) with their own code.
 */
let bed: ExchangeTestBed;

/** A Coinbase CDP key's secret: an EC P-256 private key, PEM (SEC 1), as Coinbase hands it out. */
function cdpSecret(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return privateKey.export({ type: 'sec1', format: 'pem' }).toString();
}

const GATE_READ: StandInKey = {
  exchange: 'gate',
  apiKey: 'a3f1c9e27b5d40e8b6c2f9a1d7e4b350',
  secret: '7c2e9b4f1a6d3c8e5b0f2a7d4c9e1b6f3a8d5c0e7b2f9a4d1c6e3b8f5a0d7c2e',
  kind: 'read',
  ipRestricted: true,
};
const GATE_TRADE: StandInKey = {
  exchange: 'gate',
  apiKey: 'e81b4d7a2c9f4e0b8d3a6c1f5e9b2d74',
  secret: '1f6a3d8c5e2b7f4a9d0c6e3b8f1a5d2c7e4b9f0a3d6c1e8b5f2a7d4c9e0b3f6a',
  kind: 'trade',
};
const HTX_READ: StandInKey = {
  exchange: 'htx',
  apiKey: 'bg5t6ygr6y-4b1c2d3e-9f8a7b6c-1d2e3',
  secret: 'c4d5e6f7-8a9b0c1d-2e3f4a5b-6c7d8',
  kind: 'read',
};
const HTX_TRADE: StandInKey = {
  exchange: 'htx',
  apiKey: 'dqnh6tvdf3-7e8f9a0b-1c2d3e4f-5a6b7',
  secret: 'e9f0a1b2-c3d4e5f6-a7b8c9d0-e1f2a',
  kind: 'trade',
};
const COINBASE_READ: StandInKey = {
  exchange: 'coinbase',
  apiKey: 'organizations/0d4c6e2a-1b3f-4a5d-8e7c-9f0a1b2c3d4e/apiKeys/6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  secret: cdpSecret(),
  kind: 'read',
};
const COINBASE_TRADE: StandInKey = {
  exchange: 'coinbase',
  apiKey: 'organizations/0d4c6e2a-1b3f-4a5d-8e7c-9f0a1b2c3d4e/apiKeys/2a3b4c5d-6e7f-4081-9293-a4b5c6d7e8f9',
  secret: cdpSecret(),
  kind: 'trade',
};

const input = (key: StandInKey) => ({ exchange: key.exchange, api_key: key.apiKey, secret: key.secret });

interface Case {
  exchange: ExchangeId;
  read: StandInKey;
  trade: StandInKey;
  /** A secret of the right form that is not the key's. */
  wrongSecret: string;
  /** The stand-in's refusal of it, as it records the problem. */
  wrongSecretProblem: string;
  /** What ccxt sent for the check of the read-only key, in order. */
  checkRequests: string[];
  ipRestricted: boolean;
  assets: Array<[string, string, string, string, string]>;
  history: Array<[string, string, string, string | null, string]>;
  /** What ccxt sent for the history read. */
  historyRequests: string[];
}

const CASES: Case[] = [
  {
    exchange: 'gate',
    read: GATE_READ,
    trade: GATE_TRADE,
    wrongSecret: GATE_TRADE.secret,
    wrongSecretProblem: 'bad SIGN (HMAC-SHA512)',
    checkRequests: [
      'GET /api/v4/spot/time',
      'GET /api/v4/account/main_keys',
      'GET /api/v4/account/detail',
      'GET /api/v4/spot/accounts',
    ],
    ipRestricted: true,
    assets: [
      ['spot', 'BTC', '0.3', '0.25', '0.05'],
      ['spot', 'USDT', '500', '500', '0'],
    ],
    history: [
      ['withdrawal', 'BTC', '0.01', '0.0005', 'ok'],
      ['deposit', 'USDT', '200', null, 'ok'],
    ],
    historyRequests: ['GET /api/v4/wallet/deposits', 'GET /api/v4/wallet/withdrawals'],
  },
  {
    exchange: 'htx',
    read: HTX_READ,
    trade: HTX_TRADE,
    wrongSecret: 'f0e1d2c3-b4a59687-78695a4b-3c2d1',
    wrongSecretProblem: 'bad Signature (HmacSHA256 v2)',
    checkRequests: [
      'GET /v1/common/timestamp',
      'GET /v2/user/uid',
      'GET /v2/user/api-key',
      'GET /v1/account/accounts',
      'GET /v1/account/accounts/10000001/balance',
    ],
    ipRestricted: false,
    assets: [
      ['spot', 'ETH', '2', '2', '0'],
      ['spot', 'USDT', '800', '750.5', '49.5'],
    ],
    history: [
      ['withdrawal', 'ETH', '0.5', '0.002', 'ok'],
      ['deposit', 'USDT', '12', '0', 'ok'],
    ],
    // ccxt parses HTX transfers with the currency list (networks by chain id), read first.
    historyRequests: [
      'GET /v2/reference/currencies',
      'GET /v1/query/deposit-withdraw',
      'GET /v1/query/deposit-withdraw',
    ],
  },
  {
    exchange: 'coinbase',
    read: COINBASE_READ,
    trade: COINBASE_TRADE,
    wrongSecret: cdpSecret(),
    wrongSecretProblem: 'bad ES256 signature',
    checkRequests: ['GET /v2/time', 'GET /api/v3/brokerage/key_permissions', 'GET /v2/accounts'],
    ipRestricted: false,
    // ccxt's fetchBalance reads Coinbase's v2 wallet accounts: a total per currency, no hold.
    assets: [
      ['spot', 'BTC', '0.15', '0.15', '0'],
      ['spot', 'ETH', '1.75', '1.75', '0'],
    ],
    history: [
      ['withdrawal', 'ETH', '0.25', '0.001', 'ok'],
      ['deposit', 'BTC', '0.04', null, 'ok'],
    ],
    // Per currency held (BTC, ETH): ccxt finds the account (the v3 list, read once per client),
    // then reads its transactions for deposits and again for withdrawals.
    historyRequests: [
      'GET /api/v3/brokerage/accounts',
      'GET /v2/accounts/8bfc20d7-f7c6-4422-bf07-8243ca4169fe/transactions',
      'GET /v2/accounts/8bfc20d7-f7c6-4422-bf07-8243ca4169fe/transactions',
      'GET /v2/accounts/1f9a3c22-0a11-4b6d-9f2e-2b7d5e0a1c88/transactions',
      'GET /v2/accounts/1f9a3c22-0a11-4b6d-9f2e-2b7d5e0a1c88/transactions',
    ],
  },
];

beforeAll(async () => {
  bed = await exchangeTestBed();
  for (const key of [GATE_READ, GATE_TRADE, HTX_READ, HTX_TRADE, COINBASE_READ, COINBASE_TRADE])
    bed.stand.keys.set(key.apiKey, key);
  await payForExchanges(bed.t, bed.spaceId);
}, 120_000);

afterAll(() => bed?.close());

const requestsFrom = (from: number, exchange: ExchangeId) =>
  bed.stand.requests.slice(from).filter((r) => r.exchange === exchange);
const routes = (requests: Array<{ method: string; path: string }>) =>
  requests.map((r) => `${r.method} ${r.path}`);

async function rowCounts() {
  const checks = await bed.t.ctx.db.selectFrom('exchange_checks').select('token_hash').execute();
  const accounts = await bed.t.ctx.db.selectFrom('exchange_accounts').select('wallet_id').execute();
  return { checks: checks.length, accounts: accounts.length };
}

describe.each(CASES)('$exchange accounts (ccxt against the exchange stand-in)', (c) => {
  it('passes the four steps for a read-only key, every signed request verified by the stand-in', async () => {
    const from = bed.stand.requests.length;
    const reply = await check(bed.admin, input(c.read));
    expect(reply.code, JSON.stringify(reply.data)).toBe('OK');
    expect(reply.data.steps).toEqual([
      { step: 'api_validity', status: 'passed', code: null },
      { step: 'network', status: 'passed', code: null },
      { step: 'permissions', status: 'passed', code: null },
      { step: 'account_info', status: 'passed', code: null },
    ]);
    expect(reply.data.api_key_type).toBe(1);
    expect((reply.data as unknown as { ip_restricted: boolean }).ip_restricted).toBe(c.ipRestricted);
    const seen = requestsFrom(from, c.exchange);
    expect(routes(seen)).toEqual(c.checkRequests);
    // Every request after the public time call was signed, by this key, and passed the check.
    expect(seen.slice(1).map((r) => [r.apiKey, r.problems])).toEqual(
      seen.slice(1).map(() => [c.read.apiKey, []]),
    );
  });

  it('refuses a trading key offered as read-only at the permissions step', async () => {
    const reply = await check(bed.admin, input(c.trade));
    expect(reply.code).toBe('EXCHANGE_READ_ONLY_API_ERROR');
    expect(stepStatus(reply.data)).toEqual(endedAt('permissions'));
    const asTrading = await check(bed.admin, { ...input(c.trade), api_key_type: 2 });
    expect(asTrading.code).toBe('OK');
    expect(asTrading.data.api_key_type).toBe(2);
  });

  it('a wrong secret is the exchange’s auth refusal at the API-validity step, and nothing is written', async () => {
    const before = await rowCounts();
    const from = bed.stand.requests.length;
    const reply = await check(bed.admin, { ...input(c.read), secret: c.wrongSecret });
    expect(reply.status).toBe(400);
    expect(reply.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stepStatus(reply.data)).toEqual(endedAt('api_validity'));
    expect(requestsFrom(from, c.exchange).map((r) => r.problems)).toEqual([[], [c.wrongSecretProblem]]);
    expect(await rowCounts()).toEqual(before);
  });

  it('adds the account, then reads its balances and its deposit/withdrawal history', async () => {
    const added = await addAccount(bed.admin, input(c.read), { name: `${c.exchange} desk` });
    expect(added.code, JSON.stringify(added.data)).toBe('OK');
    expect(added.data.api_key_type).toBe(1);
    const walletId = added.data.wallet_id;

    const info = await bed.admin.client.get<{
      list: Array<Record<string, string | null>>;
      account_types: string[];
    }>(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId });
    expect(info.code).toBe('OK');
    expect(info.data.account_types).toEqual(['spot']);
    expect(
      info.data.list.map((l) => [l.account_type, l.symbol, l.amount, l.available_amount, l.frozen_amount]),
    ).toEqual(c.assets);

    const from = bed.stand.requests.length;
    const history = await bed.admin.client.get<{
      list: Array<Record<string, string | null>>;
      total: number;
    }>(`${V4}/wallets/exchange/deposit-withdrawal`, { wallet_id: walletId });
    expect(history.code).toBe('OK');
    expect(history.data.total).toBe(c.history.length);
    expect(history.data.list.map((l) => [l.type, l.symbol, l.amount, l.fee, l.status])).toEqual(c.history);
    const seen = requestsFrom(from, c.exchange);
    expect(routes(seen)).toEqual(c.historyRequests);
    // Signed by the key and verified, except the public currency list (unsigned: no key).
    expect(seen.map((r) => [r.apiKey === null ? 'public' : r.apiKey, r.problems])).toEqual(
      c.historyRequests.map((route) => [
        route === 'GET /v2/reference/currencies' ? 'public' : c.read.apiKey,
        [],
      ]),
    );
  });
});

describe('a Coinbase key copied out of its JSON key file (line breaks as \\n)', () => {
  it('passes the check: the PEM is made whole again before ccxt signs with it', async () => {
    // The trading key: the read-only one was added above (a key is added once).
    const escaped = JSON.stringify(COINBASE_TRADE.secret).slice(1, -1);
    const reply = await check(bed.admin, { ...input(COINBASE_TRADE), secret: escaped, api_key_type: 2 });
    expect(reply.code, JSON.stringify(reply.data)).toBe('OK');
    expect(reply.data.api_key_type).toBe(2);
  });
});
