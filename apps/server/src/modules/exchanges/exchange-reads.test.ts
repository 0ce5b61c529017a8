import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import type { ExchangeStandIn } from '../../../test/exchange-stand-in';
import {
  KEYS,
  V4,
  addAccount,
  binanceRead,
  exchangeTestBed,
  okxRead,
  payForExchanges,
  type ExchangeTestBed,
} from '../../../test/exchange-helpers';
import { openCredentials } from './exchange-secrets';

/**
 * Exchange account reads (balances per account type, totals, deposits and withdrawals, exports),
 * who sees them, deletion and master-key rotation, through ccxt against the exchange STAND-IN.
 */
let bed: ExchangeTestBed;
let stand: ExchangeStandIn;
let t: TestApp;
let admin: Person;
let spaceId: number;

beforeAll(async () => {
  bed = await exchangeTestBed();
  ({ stand, t, admin, spaceId } = bed);
  await payForExchanges(t, spaceId);
  const added = await addAccount(admin, binanceRead, { name: 'Binance desk' });
  expect(added.code).toBe('OK');
}, 120_000);

afterAll(() => bed?.close());

describe('exchange account reads, roles and deletion (ccxt against the exchange stand-in)', () => {
  it('reads balances per account type with USD values, the total and the history (with exports)', async () => {
    const [account] = (
      await admin.client.get<{ list: Array<{ wallet_id: number }> }>(`${V4}/wallets/exchange`)
    ).data.list;
    const walletId = account!.wallet_id;
    const info = await admin.client.get<{
      list: Array<Record<string, string | null>>;
      account_types: string[];
    }>(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId });
    expect(info.code).toBe('OK');
    expect(info.data.account_types).toEqual(['spot', 'funding', 'margin', 'future']);
    expect(info.data.list).toEqual([
      {
        account_type: 'spot',
        symbol: 'BTC',
        amount: '0.6',
        available_amount: '0.5',
        frozen_amount: '0.1',
        price: '60000',
        value: '36000',
      },
      expect.objectContaining({ account_type: 'spot', symbol: 'USDT', amount: '1000', value: '1000' }),
      expect.objectContaining({ account_type: 'funding', symbol: 'USDT', amount: '250', value: '250' }),
    ]);
    // Read again within EXCHANGE_CACHE_SECONDS: the stored balances, the exchange is not asked.
    const before = stand.requests.length;
    const funding = await admin.client.get<{ list: unknown[] }>(`${V4}/wallets/exchange/asset-info`, {
      wallet_id: walletId,
      account_type: 'funding',
    });
    expect(funding.data.list).toHaveLength(1);
    expect(stand.requests.length).toBe(before);
    const total = await admin.client.get<Record<string, unknown>>(`${V4}/wallets/exchange/asset-total`, {
      wallet_id: walletId,
    });
    expect(total.data).toMatchObject({ total_amount: '37250.00', total_asset: 2 });
    const list = await admin.client.get<{ list: Array<{ amount: string | null }> }>(`${V4}/wallets/exchange`);
    expect(list.data.list[0]!.amount).toBe('37250.00');
    const assetCsv = await admin.client.get(`${V4}/wallets/exchange/asset-info/export`, {
      wallet_id: walletId,
    });
    expect(assetCsv.headers['content-type']).toContain('text/csv');
    expect(assetCsv.raw).toContain('spot,BTC,0.6,0.5,0.1,60000,36000');
    const totalCsv = await admin.client.get(`${V4}/wallets/exchange/asset-total/export`);
    expect(totalCsv.raw).toContain('total,37250.00');

    const history = await admin.client.get<{
      list: Array<Record<string, string | null>>;
      total: number;
    }>(`${V4}/wallets/exchange/deposit-withdrawal`, { wallet_id: walletId });
    expect(history.code).toBe('OK');
    expect(history.data.total).toBe(2);
    expect(history.data.list.map((l) => [l.type, l.symbol, l.amount, l.status])).toEqual([
      ['deposit', 'BTC', '0.5', 'ok'],
      ['withdrawal', 'USDT', '8.91', 'ok'],
    ]);
    expect(history.data.list[1]!.fee).toBe('0.004');
    const withdrawals = await admin.client.get<{ list: unknown[] }>(
      `${V4}/wallets/exchange/deposit-withdrawal`,
      {
        wallet_id: walletId,
        type: 'withdrawal',
      },
    );
    expect(withdrawals.data.list).toHaveLength(1);
    const historyCsv = await admin.client.get(`${V4}/wallets/exchange/deposit-withdrawal/export`, {
      wallet_id: walletId,
    });
    expect(historyCsv.raw).toContain('0xb5ef8c13b968a406cc62a93a8bd80f9e9a906ef1b3fcf20a2e48573c17659268');
  });

  it('OKX accounts: trading and funding balances, deposits and withdrawals', async () => {
    const added = await addAccount(admin, okxRead);
    expect(added.code).toBe('OK');
    expect(added.data.account_mode).toBe('unified');
    const info = await admin.client.get<{ list: Array<Record<string, string | null>> }>(
      `${V4}/wallets/exchange/asset-info`,
      { wallet_id: added.data.wallet_id },
    );
    expect(info.data.list.map((l) => [l.account_type, l.symbol, l.amount, l.frozen_amount])).toEqual([
      ['trading', 'ETH', '1.5', '0.3'],
      ['funding', 'USDT', '300', '0'],
    ]);
    const history = await admin.client.get<{ list: Array<Record<string, string | null>> }>(
      `${V4}/wallets/exchange/deposit-withdrawal`,
      { wallet_id: added.data.wallet_id },
    );
    expect(history.data.list.map((l) => [l.type, l.symbol, l.amount])).toEqual([
      ['withdrawal', 'ETH', '0.029809'],
      ['deposit', 'USDT', '135.705808'],
    ]);
    expect(
      stand.requests
        .filter((r) => r.exchange === 'okx')
        .every((r) => r.problems.length === 0 || r.apiKey === null),
    ).toBe(true);
  });

  it('a key revoked at the exchange: auth failure, the account marked unavailable (status 2)', async () => {
    const revoke = { exchange: 'binance', api_key: KEYS[4]!.apiKey, secret: KEYS[4]!.secret };
    const added = await addAccount(admin, revoke);
    expect(added.code).toBe('OK');
    stand.keys.delete(KEYS[4]!.apiKey);
    const info = await admin.client.get(`${V4}/wallets/exchange/asset-info`, {
      wallet_id: added.data.wallet_id,
    });
    expect(info.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(info.status).toBe(400);
    const list = await admin.client.get<{ list: Array<{ wallet_id: number; status: number }> }>(
      `${V4}/wallets/exchange`,
    );
    expect(list.data.list.find((a) => a.wallet_id === added.data.wallet_id)!.status).toBe(2);
    stand.mode = 'reset';
    try {
      const down = await admin.client.get(`${V4}/wallets/exchange/deposit-withdrawal`, {
        wallet_id: added.data.wallet_id,
      });
      expect(down.code).toBe('ES_DEPOSIT_WITHDRAW_QUERY_ERROR');
    } finally {
      stand.mode = 'normal';
    }
  });

  it('viewers read; other members see nothing; only admins check, add and delete', async () => {
    const viewer = await addMember(t, admin, spaceId, 0);
    const outsider = await addMember(t, admin, spaceId, 0);
    const trading = {
      exchange: 'binance',
      api_key: KEYS[1]!.apiKey,
      secret: KEYS[1]!.secret,
      api_key_type: 2,
    };
    const added = await addAccount(admin, trading, { viewers: [viewer.userId], name: 'Trading desk' });
    expect(added.code).toBe('OK');
    const walletId = added.data.wallet_id;
    const seen = await viewer.client.get<{ list: Array<{ wallet_id: number; viewers: number[] }> }>(
      `${V4}/wallets/exchange`,
    );
    expect(seen.data.list.map((a) => a.wallet_id)).toEqual([walletId]);
    expect(seen.data.list[0]!.viewers).toEqual([viewer.userId]);
    expect((await viewer.client.get(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId })).code).toBe(
      'OK',
    );
    expect((await outsider.client.get<{ list: unknown[] }>(`${V4}/wallets/exchange`)).data.list).toEqual([]);
    const hidden = await outsider.client.get(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId });
    expect(hidden.code).toBe('EXCHANGE_API_NOT_FOUND_ERROR');
    expect((await viewer.client.post(`${V4}/wallets/exchange/check`, binanceRead)).code).toBe(
      'PERMISSION_CREATE_ERROR',
    );
    const del = await viewer.client.delete(`${V4}/wallets/exchange`, { wallet_id: walletId });
    expect(del.code).toBe('PERMISSION_WALLET_DELETE_ERROR');
  });

  it('admins rename it, change its remark and its viewers (at most 5) through the wallet calls', async () => {
    const [account] = (
      await admin.client.get<{ list: Array<{ wallet_id: number }> }>(`${V4}/wallets/exchange`)
    ).data.list;
    const walletId = account!.wallet_id;
    const renamed = await admin.client.post('/api/v1/wallets/name', {
      wallet_id: walletId,
      name: 'Market making',
      remark: 'Desk B',
    });
    expect(renamed.code, JSON.stringify(renamed)).toBe('OK');
    const viewer = await addMember(t, admin, spaceId, 0);
    const viewers = await admin.client.put('/api/v1/wallets/viewer', {
      wallet_id: walletId,
      user_ids: [viewer.userId],
    });
    expect(viewers.code).toBe('OK');
    const seen = await viewer.client.get<{
      list: Array<{ wallet_id: number; name: string; remark: string }>;
    }>(`${V4}/wallets/exchange`);
    expect(seen.data.list.find((a) => a.wallet_id === walletId)).toMatchObject({
      name: 'Market making',
      remark: 'Desk B',
    });
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addMember(t, admin, spaceId, 0)));
    const tooMany = await admin.client.put('/api/v1/wallets/viewer', {
      wallet_id: walletId,
      user_ids: six.map((p) => p.userId),
    });
    expect(tooMany.code).toBe('LIMIT_VIEWERS_ERROR');
    expect(
      (await viewer.client.post('/api/v1/wallets/name', { wallet_id: walletId, name: 'Mine' })).code,
    ).toBe('PERMISSION_WALLET_UPDATE_ERROR');
  });

  it('another space’s account is not found; delete removes the account and its credentials', async () => {
    const other = await person(t, { mfa: true, prefix: 'exchange-other' });
    await createSpace(other, 'Other desk');
    const [account] = (
      await admin.client.get<{ list: Array<{ wallet_id: number }> }>(`${V4}/wallets/exchange`)
    ).data.list;
    const walletId = account!.wallet_id;
    expect((await other.client.get(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId })).code).toBe(
      'EXCHANGE_API_NOT_FOUND_ERROR',
    );
    expect((await other.client.delete(`${V4}/wallets/exchange`, { wallet_id: walletId })).code).toBe(
      'EXCHANGE_API_NOT_FOUND_ERROR',
    );
    const deleted = await admin.client.delete(`${V4}/wallets/exchange`, { wallet_id: walletId });
    expect(deleted.code).toBe('OK');
    const rows = await t.ctx.db
      .selectFrom('exchange_accounts')
      .select('wallet_id')
      .where('wallet_id', '=', walletId)
      .execute();
    expect(rows).toEqual([]);
    expect((await admin.client.get(`${V4}/wallets/exchange/asset-info`, { wallet_id: walletId })).code).toBe(
      'EXCHANGE_API_NOT_FOUND_ERROR',
    );
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('organization_id', '=', spaceId)
      .where('operation', 'in', ['exchange_add', 'exchange_delete'])
      .execute();
    expect(audit.map((a) => a.operation)).toContain('exchange_delete');
  });

  it('a rotated master key still opens the records and re-seals their data keys', async () => {
    const rotated = await createTestApp(
      {
        EXCHANGE_API_URLS_JSON: JSON.stringify({ binance: stand.url, okx: stand.url }),
        EXCHANGE_SECRET_KEY: 'n'.repeat(40),
        EXCHANGE_SECRET_KEY_PREVIOUS: t.ctx.config.exchangeSecretKey,
        EXCHANGE_CACHE_SECONDS: '0',
      },
      { chains: [], sharedSchemaOf: t },
    );
    try {
      const row = await t.ctx.db
        .selectFrom('exchange_accounts')
        .selectAll()
        .where('exchange_id', '=', 'okx')
        .executeTakeFirstOrThrow();
      const client = rotated.client();
      client.cookies.clear();
      for (const [k, v] of admin.client.cookies) client.cookies.set(k, v);
      client.spaceId = spaceId;
      const info = await client.get(`${V4}/wallets/exchange/asset-info`, { wallet_id: row.wallet_id });
      expect(info.code).toBe('OK');
      const after = await t.ctx.db
        .selectFrom('exchange_accounts')
        .selectAll()
        .where('wallet_id', '=', row.wallet_id)
        .executeTakeFirstOrThrow();
      expect(after.master_key_id).not.toBe(row.master_key_id);
      expect(after.sealed_credentials).toBe(row.sealed_credentials);
      expect(openCredentials(rotated.ctx.config, after).apiKey).toBe(KEYS[5]!.apiKey);
    } finally {
      await rotated.close();
    }
  });
});
