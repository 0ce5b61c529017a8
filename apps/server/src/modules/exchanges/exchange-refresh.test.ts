import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeStatus, SpaceRole } from '@keystead/contract';
import { addMember } from '../../../test/space-helpers';
import {
  KEYS,
  addAccount,
  exchangeTestBed,
  payForExchanges,
  type ExchangeTestBed,
} from '../../../test/exchange-helpers';
import { refreshExchangeBalances } from './exchange-refresh';
import { EXCHANGES } from './exchange-table';

/** The claimed balance refresh job, against the exchange STAND-IN (test/exchange-stand-in.ts). */
let bed: ExchangeTestBed;
const ids: number[] = [];

const accounts = () =>
  bed.t.ctx.db
    .selectFrom('exchange_accounts')
    .select(['wallet_id', 'status', 'balances_at'])
    .orderBy('wallet_id')
    .execute();
const binanceBalanceReads = () =>
  bed.stand.requests.filter((r) => r.exchange === 'binance' && r.path === '/api/v3/account').length;

beforeAll(async () => {
  bed = await exchangeTestBed();
  await payForExchanges(bed.t, bed.spaceId);
  for (const key of [KEYS[0]!, KEYS[2]!, KEYS[3]!]) {
    const added = await addAccount(bed.admin, {
      exchange: 'binance',
      api_key: key.apiKey,
      secret: key.secret,
    });
    expect(added.code).toBe('OK');
    ids.push(added.data.wallet_id);
  }
  // As if read long ago: every account is due.
  await bed.t.ctx.db.updateTable('exchange_accounts').set({ balances_at: null, balances: null }).execute();
}, 120_000);

afterAll(() => bed?.close());

describe('exchange balance refresh job', () => {
  it('reads at most the exchange’s share per run, stalest first, and then nothing while fresh', async () => {
    const binance = EXCHANGES.find((spec) => spec.id === 'binance')! as { refreshPerRun: number };
    const share = binance.refreshPerRun;
    binance.refreshPerRun = 2;
    try {
      const before = binanceBalanceReads();
      expect(await refreshExchangeBalances(bed.t.ctx)).toEqual({ binance: { read: 2, failed: 0 } });
      expect(binanceBalanceReads() - before).toBe(2);
      expect((await accounts()).filter((a) => a.balances_at !== null)).toHaveLength(2);
      expect(await refreshExchangeBalances(bed.t.ctx)).toEqual({ binance: { read: 1, failed: 0 } });
      const after = binanceBalanceReads();
      expect(await refreshExchangeBalances(bed.t.ctx)).toEqual({});
      expect(binanceBalanceReads()).toBe(after);
    } finally {
      binance.refreshPerRun = share;
    }
  });

  it('marks an unreachable exchange’s accounts offline, and available again once read', async () => {
    await bed.t.ctx.db.updateTable('exchange_accounts').set({ balances_at: null }).execute();
    bed.stand.mode = 'reset';
    try {
      expect(await refreshExchangeBalances(bed.t.ctx)).toEqual({ binance: { read: 0, failed: 3 } });
    } finally {
      bed.stand.mode = 'normal';
    }
    expect((await accounts()).map((a) => a.status)).toEqual([5, 5, 5].map(() => ExchangeStatus.Offline));
    expect(await refreshExchangeBalances(bed.t.ctx)).toEqual({ binance: { read: 3, failed: 0 } });
    expect((await accounts()).map((a) => a.status)).toEqual(ids.map(() => ExchangeStatus.Available));
  });

  it('puts the accounts’ last read total on the asset home, for those who may view them', async () => {
    const total = await bed.admin.client.get<{ total_amount: string }>(
      '/api/web/v4/wallets/exchange/asset-total',
    );
    const home = await bed.admin.client.get<{ exchange_total: string | null }>('/api/v1/wallets/total-asset');
    expect(home.code).toBe('OK');
    expect(home.data.exchange_total).toBe(total.data.total_amount);
    expect(Number(home.data.exchange_total)).toBeGreaterThan(0);
    const member = await addMember(bed.t, bed.admin, bed.spaceId, SpaceRole.Member);
    const theirs = await member.client.get<{ exchange_total: string | null }>('/api/v1/wallets/total-asset');
    expect(theirs.data.exchange_total).toBeNull();
  });

  it('reads margin and futures balances where the account has them (Binance)', async () => {
    const key = {
      exchange: 'binance' as const,
      apiKey: 'BinanceDerivKey000000000000000007',
      secret: 'deriv-secret-7',
      kind: 'read' as const,
      binanceDerivatives: true,
    };
    bed.stand.keys.set(key.apiKey, key);
    const added = await addAccount(bed.admin, {
      exchange: 'binance',
      api_key: key.apiKey,
      secret: key.secret,
    });
    expect(added.code).toBe('OK');
    const info = await bed.admin.client.get<{ list: Array<Record<string, string | null>> }>(
      '/api/web/v4/wallets/exchange/asset-info',
      { wallet_id: added.data.wallet_id },
    );
    expect(info.code).toBe('OK');
    const line = (type: string, symbol: string) =>
      info.data.list.find((l) => l.account_type === type && l.symbol === symbol);
    expect(line('margin', 'BTC')).toMatchObject({
      amount: '0.2',
      available_amount: '0.15',
      frozen_amount: '0.05',
      value: '12000',
    });
    expect(line('future', 'USDT')).toMatchObject({
      amount: '500',
      available_amount: '400',
      frozen_amount: '100',
    });
    // Accounts without them (the other three) hold no margin or futures lines, and still read.
    const plain = await bed.admin.client.get<{ list: Array<{ account_type: string }> }>(
      '/api/web/v4/wallets/exchange/asset-info',
      { wallet_id: ids[0]! },
    );
    expect(plain.code).toBe('OK');
    expect(plain.data.list.map((l) => l.account_type)).not.toContain('margin');
  });
});
