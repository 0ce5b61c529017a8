import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import type { Person } from '../../../test/space-helpers';
import type { ExchangeStandIn, StandInKey, StandInRequest } from '../../../test/exchange-stand-in';
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
import { BYBIT_CLASSIC_KEYS } from '../../../test/exchange-stand-in-bybit';
import { BITGET_UTA_KEYS } from '../../../test/exchange-stand-in-bitget';

/**
 * Bybit and Bitget accounts end to end through the real ccxt client against the exchange
 * STAND-IN (test/exchange-stand-in-bybit.ts, -bitget.ts), which checks ccxt's Bybit v5 and
 * Bitget signatures with its own code: the add wizard's check, the add, balances per account
 * type, and deposit/withdrawal history.
 */
const BYBIT: Record<'read' | 'trade' | 'classic', StandInKey> = {
  read: {
    exchange: 'bybit',
    apiKey: 'BybitReadKey0000001',
    secret: 'BybitReadSecret000000000000000001',
    kind: 'read',
  },
  trade: {
    exchange: 'bybit',
    apiKey: 'BybitTradeKey000002',
    secret: 'BybitTradeSecret00000000000000002',
    kind: 'trade',
    ipRestricted: true,
  },
  classic: {
    exchange: 'bybit',
    apiKey: 'BybitClassicKey0003',
    secret: 'BybitClassicSecret000000000000003',
    kind: 'read',
  },
};
const BITGET: Record<'read' | 'trade' | 'unified', StandInKey> = {
  read: {
    exchange: 'bitget',
    apiKey: 'bg_0000000000000000000000000000read',
    secret: 'bitget-read-secret-00000000000000000000000000000000000000000001',
    passphrase: 'BitgetPass1',
    kind: 'read',
  },
  trade: {
    exchange: 'bitget',
    apiKey: 'bg_000000000000000000000000000trade',
    secret: 'bitget-trade-secret-0000000000000000000000000000000000000000002',
    passphrase: 'BitgetPass2',
    kind: 'trade',
  },
  unified: {
    exchange: 'bitget',
    apiKey: 'bg_00000000000000000000000000000uta',
    secret: 'bitget-uta-secret-000000000000000000000000000000000000000000003',
    passphrase: 'BitgetPass3',
    kind: 'read',
    ipRestricted: true,
  },
};
const input = (key: StandInKey) => ({
  exchange: key.exchange,
  api_key: key.apiKey,
  secret: key.secret,
  ...(key.passphrase ? { passphrase: key.passphrase } : {}),
});

let bed: ExchangeTestBed;
let stand: ExchangeStandIn;
let t: TestApp;
let admin: Person;

beforeAll(async () => {
  bed = await exchangeTestBed();
  ({ stand, t, admin } = bed);
  await payForExchanges(t, bed.spaceId);
  for (const key of [...Object.values(BYBIT), ...Object.values(BITGET)]) stand.keys.set(key.apiKey, key);
  BYBIT_CLASSIC_KEYS.add(BYBIT.classic.apiKey);
  BITGET_UTA_KEYS.add(BITGET.unified.apiKey);
}, 120_000);

afterAll(() => bed?.close());

/** The stand-in's record of what ccxt sent from `from` on, as "METHOD path". */
const sentSince = (from: number) => stand.requests.slice(from);
const routes = (requests: StandInRequest[]) => requests.map((r) => `${r.method} ${r.path}`);
const checkCount = async () =>
  (await t.ctx.db.selectFrom('exchange_checks').select('token_hash').execute()).length;

const ALL_PASSED = [
  { step: 'api_validity', status: 'passed', code: null },
  { step: 'network', status: 'passed', code: null },
  { step: 'permissions', status: 'passed', code: null },
  { step: 'account_info', status: 'passed', code: null },
];

async function assetInfo(walletId: number) {
  const reply = await admin.client.get<{
    list: Array<Record<string, string | null>>;
    account_types: string[];
  }>(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId });
  expect(reply.code, JSON.stringify(reply.data)).toBe('OK');
  return reply.data;
}

async function history(walletId: number) {
  const reply = await admin.client.get<{ list: Array<Record<string, string | null>>; total: number }>(
    `${V4}/wallets/exchange/deposit-withdrawal`,
    { wallet_id: walletId },
  );
  expect(reply.code, JSON.stringify(reply.data)).toBe('OK');
  return reply.data;
}

describe('Bybit accounts (ccxt against the Bybit stand-in, v5 signatures checked)', () => {
  it('passes the four steps for a read-only key of a unified account', async () => {
    const from = stand.requests.length;
    const reply = await check(admin, input(BYBIT.read));
    expect(reply.code, JSON.stringify(reply.data)).toBe('OK');
    expect(reply.data.steps).toEqual(ALL_PASSED);
    expect(reply.data).toMatchObject({ api_key_type: 1, account_mode: 'unified', ip_restricted: false });
    const seen = sentSince(from);
    // network, api_validity (our permission reader), then fetchBalance: ccxt asks whether the
    // account is unified (query-api and account/info, sent together) before the wallet balance.
    expect(routes(seen.slice(0, 2))).toEqual(['GET /v5/market/time', 'GET /v5/user/query-api']);
    expect(routes(seen.slice(2, 4)).sort()).toEqual(['GET /v5/account/info', 'GET /v5/user/query-api']);
    expect(routes(seen.slice(4))).toEqual(['GET /v5/account/wallet-balance']);
    expect(seen.every((r) => r.exchange === 'bybit' && r.problems.length === 0)).toBe(true);
    expect(seen.slice(1).every((r) => r.apiKey === BYBIT.read.apiKey)).toBe(true);
  });

  it('refuses a trading key offered as read-only at the permissions step; accepts it as trading', async () => {
    const refused = await check(admin, input(BYBIT.trade));
    expect(refused.code).toBe('EXCHANGE_READ_ONLY_API_ERROR');
    expect(stepStatus(refused.data)).toEqual(endedAt('permissions'));
    const asTrading = await check(admin, { ...input(BYBIT.trade), api_key_type: 2 });
    expect(asTrading.code).toBe('OK');
    expect(asTrading.data).toMatchObject({ api_key_type: 2, ip_restricted: true });
  });

  it('a wrong secret is Bybit’s auth failure (10004) at the API-validity step; nothing is written', async () => {
    const checks = await checkCount();
    const from = stand.requests.length;
    const reply = await check(admin, { ...input(BYBIT.read), secret: 'not-the-bybit-secret' });
    expect(reply.status).toBe(400);
    expect(reply.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stepStatus(reply.data)).toEqual(endedAt('api_validity'));
    expect(sentSince(from).map((r) => [r.path, r.problems])).toEqual([
      ['/v5/market/time', []],
      ['/v5/user/query-api', ['bad X-BAPI-SIGN']],
    ]);
    const unknownKey = await check(admin, { ...input(BYBIT.read), api_key: 'BybitUnknownKey0009' });
    expect(unknownKey.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stand.requests.at(-1)!.problems).toEqual(['unknown X-BAPI-API-KEY']);
    expect(await checkCount()).toBe(checks);
  });

  it('adds the account; its unified and funding balances and its history come from the stand-in', async () => {
    const added = await addAccount(admin, input(BYBIT.read), { name: 'Bybit desk' });
    expect(added.code, JSON.stringify(added.data)).toBe('OK');
    expect(added.data).toMatchObject({ api_key_type: 1, account_mode: 'unified', api_key: 'Bybi****0001' });
    const from = stand.requests.length;
    const info = await assetInfo(added.data.wallet_id);
    expect(info.account_types).toEqual(['spot', 'funding']);
    expect(info.list).toEqual([
      {
        account_type: 'spot',
        symbol: 'BTC',
        amount: '2.5',
        available_amount: '2',
        frozen_amount: '0.5',
        price: '60000',
        value: '150000',
      },
      expect.objectContaining({ account_type: 'spot', symbol: 'USDT', amount: '1000', frozen_amount: '0' }),
      expect.objectContaining({
        account_type: 'funding',
        symbol: 'USDT',
        amount: '400',
        available_amount: '400',
      }),
    ]);
    const balanceRequests = sentSince(from);
    expect(routes(balanceRequests).sort()).toEqual([
      'GET /v5/account/info',
      'GET /v5/account/wallet-balance',
      'GET /v5/asset/transfer/query-account-coins-balance',
      'GET /v5/user/query-api',
    ]);
    const historyFrom = stand.requests.length;
    const transfers = await history(added.data.wallet_id);
    expect(routes(sentSince(historyFrom))).toEqual([
      'GET /v5/asset/deposit/query-record',
      'GET /v5/asset/withdraw/query-record',
    ]);
    expect(transfers.total).toBe(2);
    expect(transfers.list.map((l) => [l.type, l.id, l.symbol, l.amount, l.fee, l.status, l.network])).toEqual(
      [
        ['withdrawal', '9976', 'BTC', '0.25', '0.0002', 'ok', 'BTC'],
        ['deposit', '1046043', 'USDT', '750', null, 'ok', 'TRC20'],
      ],
    );
    expect(transfers.list[0]).toMatchObject({
      tx_id: '0x7f0e3c9a1b2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(stand.requests.slice(from).every((r) => r.problems.length === 0)).toBe(true);
  });

  it('a classic (non-unified) account: the check says classic and the spot wallet is read', async () => {
    const added = await addAccount(admin, input(BYBIT.classic), { name: 'Bybit classic' });
    expect(added.code, JSON.stringify(added.data)).toBe('OK');
    expect(added.data.account_mode).toBe('classic');
    const info = await assetInfo(added.data.wallet_id);
    expect(info.list.map((l) => [l.account_type, l.symbol, l.amount, l.available_amount])).toEqual([
      ['spot', 'BTC', '2.5', '2.5'],
      ['spot', 'USDT', '1000', '1000'],
      ['funding', 'USDT', '400', '400'],
    ]);
  });
});

describe('Bitget accounts (ccxt against the Bitget stand-in, signatures and passphrase checked)', () => {
  it('passes the four steps for a read-only key of a classic account', async () => {
    const from = stand.requests.length;
    const reply = await check(admin, input(BITGET.read));
    expect(reply.code, JSON.stringify(reply.data)).toBe('OK');
    expect(reply.data.steps).toEqual(ALL_PASSED);
    expect(reply.data).toMatchObject({ api_key_type: 1, account_mode: 'classic', ip_restricted: false });
    const seen = sentSince(from);
    expect(routes(seen)).toEqual([
      'GET /api/v2/public/time',
      // Our permission reader: the UTA endpoint refuses a classic account (40084), the classic one answers.
      'GET /api/v3/account/info',
      'GET /api/v2/spot/account/info',
      // ccxt's fetchBalance asks the UTA settings to learn the account kind, then reads spot assets.
      'GET /api/v3/account/settings',
      'GET /api/v2/spot/account/assets',
    ]);
    expect(seen.every((r) => r.exchange === 'bitget' && r.problems.length === 0)).toBe(true);
    expect(seen.slice(1).every((r) => r.apiKey === BITGET.read.apiKey)).toBe(true);
  });

  it('refuses a trading key offered as read-only at the permissions step', async () => {
    const refused = await check(admin, input(BITGET.trade));
    expect(refused.code).toBe('EXCHANGE_READ_ONLY_API_ERROR');
    expect(stepStatus(refused.data)).toEqual(endedAt('permissions'));
  });

  it('a wrong secret or passphrase is Bitget’s auth failure; a missing passphrase never reaches Bitget', async () => {
    const checks = await checkCount();
    const from = stand.requests.length;
    const wrongSecret = await check(admin, { ...input(BITGET.read), secret: 'not-the-bitget-secret' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stepStatus(wrongSecret.data)).toMatchObject({ api_validity: 'failed', network: 'passed' });
    expect(sentSince(from).map((r) => [r.path, r.problems])).toEqual([
      ['/api/v2/public/time', []],
      ['/api/v3/account/info', ['bad ACCESS-SIGN']],
    ]);
    const wrongPassphrase = await check(admin, { ...input(BITGET.read), passphrase: 'NotThePassphrase' });
    expect(wrongPassphrase.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stepStatus(wrongPassphrase.data).api_validity).toBe('failed');
    expect(stand.requests.at(-1)!.problems).toEqual(['wrong ACCESS-PASSPHRASE']);
    const before = stand.requests.length;
    const { passphrase: _omit, ...withoutPassphrase } = input(BITGET.read);
    const missing = await check(admin, withoutPassphrase);
    expect(missing.code).toBe('EXCHANGE_PASSPHRASE_REQUIRED_ERROR');
    expect(stepStatus(missing.data).api_validity).toBe('failed');
    expect(stand.requests.length).toBe(before);
    expect(await checkCount()).toBe(checks);
  });

  it('adds a classic account; its spot balances and its history come from the stand-in', async () => {
    const added = await addAccount(admin, input(BITGET.read), { name: 'Bitget desk' });
    expect(added.code, JSON.stringify(added.data)).toBe('OK');
    expect(added.data).toMatchObject({ api_key_type: 1, account_mode: 'classic' });
    const from = stand.requests.length;
    const info = await assetInfo(added.data.wallet_id);
    expect(info.account_types).toEqual(['spot', 'funding']);
    // A classic account has no UTA funding account: ccxt refuses 'funding' there and the read skips it.
    expect(
      info.list.map((l) => [l.account_type, l.symbol, l.amount, l.available_amount, l.frozen_amount]),
    ).toEqual([
      ['spot', 'ETH', '4.5', '4', '0.5'],
      ['spot', 'USDT', '2500', '2500', '0'],
    ]);
    expect(routes(sentSince(from))).toEqual([
      'GET /api/v3/account/settings',
      'GET /api/v2/spot/account/assets',
    ]);
    const historyFrom = stand.requests.length;
    const transfers = await history(added.data.wallet_id);
    expect(routes(sentSince(historyFrom))).toEqual([
      'GET /api/v3/account/settings',
      'GET /api/v2/spot/wallet/deposit-records',
      'GET /api/v2/spot/wallet/withdrawal-records',
    ]);
    expect(transfers.total).toBe(2);
    // ccxt's Bitget amount is the size less the fee.
    expect(transfers.list.map((l) => [l.type, l.id, l.symbol, l.amount, l.fee, l.status, l.address])).toEqual(
      [
        [
          'withdrawal',
          '1094957867615789056',
          'USDT',
          '118.5',
          '1.5',
          'ok',
          '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
        ],
        [
          'deposit',
          '1083832260799930368',
          'ETH',
          '3',
          null,
          'ok',
          '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be',
        ],
      ],
    );
    expect(stand.requests.slice(from).every((r) => r.problems.length === 0)).toBe(true);
  });

  it('a unified trading account: read from the UTA endpoints, unified and funding balances', async () => {
    const from = stand.requests.length;
    const added = await addAccount(admin, input(BITGET.unified), { name: 'Bitget UTA' });
    expect(added.code, JSON.stringify(added.data)).toBe('OK');
    expect(added.data.account_mode).toBe('unified');
    expect(routes(sentSince(from))).toEqual([
      'GET /api/v2/public/time',
      'GET /api/v3/account/info',
      'GET /api/v3/account/settings',
      'GET /api/v3/account/assets',
    ]);
    const info = await assetInfo(added.data.wallet_id);
    expect(
      info.list.map((l) => [l.account_type, l.symbol, l.amount, l.available_amount, l.frozen_amount]),
    ).toEqual([
      ['spot', 'BTC', '0.1', '0.08', '0.02'],
      ['funding', 'USDT', '75', '75', '0'],
    ]);
    const transfers = await history(added.data.wallet_id);
    expect(transfers.list.map((l) => [l.type, l.symbol, l.amount, l.status, l.tx_id])).toEqual([
      [
        'withdrawal',
        'USDT',
        '118.5',
        'ok',
        '0x9e1d6b3a7c5f2e8d4b0a6c9e3f7d1b5a8c2e6f0d4b9a3c7e1f5d8b2a6c0e4f9d',
      ],
      ['deposit', 'ETH', '3', 'ok', '35bf0e588a42b25c71a9d45abe7308cabdeec6b7b423910b9bd4743d3a9a9efa'],
    ]);
    expect(stand.requests.slice(from).every((r) => r.problems.length === 0)).toBe(true);
  });
});
