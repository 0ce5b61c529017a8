import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ccxt from 'ccxt';
import type { TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import type { ExchangeStandIn } from '../../../test/exchange-stand-in';
import {
  KEYS,
  SECRET,
  V4,
  addAccount,
  binanceRead,
  check,
  exchangeTestBed,
  okxRead,
  payForExchanges,
  endedAt,
  stepStatus,
  type ExchangeTestBed,
} from '../../../test/exchange-helpers';
import { openCredentials } from './exchange-secrets';
import { EXCHANGES } from './exchange-table';

/**
 * The add wizard's connectivity check and the add, through the real ccxt client against a local
 * exchange STAND-IN (test/exchange-stand-in.ts) that checks ccxt's Binance and OKX signatures
 * with its own code. Reads, roles and deletion: exchange-reads.test.ts.
 */
let bed: ExchangeTestBed;
let stand: ExchangeStandIn;
let t: TestApp;
let admin: Person;
let spaceId: number;

beforeAll(async () => {
  bed = await exchangeTestBed();
  ({ stand, t, admin, spaceId } = bed);
}, 120_000);

afterAll(() => bed?.close());

describe('exchange connectivity check and add (ccxt against the exchange stand-in)', () => {
  it('lists the platform’s outgoing IPs to whitelist', async () => {
    const reply = await admin.client.get<{ list: string[]; ips: string }>(`${V4}/ip-config`);
    expect(reply.code).toBe('OK');
    expect(reply.data).toEqual({ list: ['203.0.113.7', '203.0.113.8'], ips: '203.0.113.7,203.0.113.8' });
  });

  it('the table agrees with ccxt about passphrases and every exchange exists in ccxt', () => {
    for (const spec of EXCHANGES) {
      const Client = (ccxt as unknown as Record<string, new () => ccxt.Exchange>)[spec.id]!;
      expect(Client, spec.id).toBeTypeOf('function');
      expect(Boolean(new Client().requiredCredentials.password), spec.id).toBe(spec.passphrase);
    }
  });

  it('needs a paid plan in the full edition (§6), and nothing reaches the exchange before', async () => {
    const before = stand.requests.length;
    const reply = await check(admin, binanceRead);
    expect(reply.code).toBe('PERMISSION_PAID_PLAN_ERROR');
    expect(stand.requests.length).toBe(before);
    await payForExchanges(t, spaceId);
  });

  it('passes the four steps for a read-only Binance key, detected from apiRestrictions', async () => {
    const from = stand.requests.length;
    const reply = await check(admin, binanceRead);
    expect(reply.code).toBe('OK');
    expect(reply.data.steps).toEqual([
      { step: 'api_validity', status: 'passed', code: null },
      { step: 'network', status: 'passed', code: null },
      { step: 'permissions', status: 'passed', code: null },
      { step: 'account_info', status: 'passed', code: null },
    ]);
    expect(reply.data.api_key_type).toBe(1);
    expect(reply.data.check_token).toMatch(/^[\w-]{40,}$/);
    const seen = stand.requests.slice(from);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/time',
      'GET /sapi/v1/account/apiRestrictions',
      'GET /api/v3/account',
    ]);
    // The stand-in verified ccxt's HMAC signatures and API-key header with its own code.
    expect(seen.every((r) => r.problems.length === 0)).toBe(true);
    expect(seen.slice(1).every((r) => r.apiKey === KEYS[0]!.apiKey)).toBe(true);
  });

  it('refuses a trading key where read-only is asked; accepts it as a trading key', async () => {
    const trading = { exchange: 'binance', api_key: KEYS[1]!.apiKey, secret: KEYS[1]!.secret };
    const refused = await check(admin, trading);
    expect(refused.code).toBe('EXCHANGE_READ_ONLY_API_ERROR');
    expect(stepStatus(refused.data)).toEqual(endedAt('permissions'));
    const asTrading = await check(admin, { ...trading, api_key_type: 2 });
    expect(asTrading.code).toBe('OK');
    expect(asTrading.data.api_key_type).toBe(2);
  });

  it('a wrong secret is the exchange’s auth failure at the API-validity step', async () => {
    const from = stand.requests.length;
    const reply = await check(admin, { ...binanceRead, secret: 'not-the-secret' });
    expect(reply.status).toBe(400);
    expect(reply.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stepStatus(reply.data)).toMatchObject({ api_validity: 'failed', network: 'passed' });
    expect(stand.requests.slice(from).some((r) => r.problems.includes('bad HMAC-SHA256 signature'))).toBe(
      true,
    );
  });

  it('an unreachable or silent exchange fails the network step (no 500)', async () => {
    stand.mode = 'reset';
    try {
      const reply = await check(admin, binanceRead);
      expect(reply.code).toBe('EXCHANGE_CONNECT_TEST_FAILED_ERROR');
      expect(stepStatus(reply.data)).toEqual(endedAt('network'));
      stand.mode = 'hang';
      const timedOut = await check(admin, binanceRead);
      expect(timedOut.code).toBe('EXCHANGE_CONNECT_TEST_FAILED_ERROR');
      expect(stepStatus(timedOut.data).network).toBe('failed');
    } finally {
      stand.mode = 'normal';
    }
  });

  it('OKX: the passphrase is required, a wrong one refused, the account config read', async () => {
    const { passphrase: _omit, ...withoutPassphrase } = okxRead;
    const missing = await check(admin, withoutPassphrase);
    expect(missing.code).toBe('EXCHANGE_PASSPHRASE_REQUIRED_ERROR');
    expect(stepStatus(missing.data).api_validity).toBe('failed');
    const wrong = await check(admin, { ...okxRead, passphrase: 'wrong-passphrase' });
    expect(wrong.code).toBe('EXCHANGE_AUTH_ERROR');
    expect(stand.requests.at(-1)!.problems).toEqual(['wrong OK-ACCESS-PASSPHRASE']);
    const from = stand.requests.length;
    const passed = await check(admin, okxRead);
    expect(passed.code).toBe('OK');
    expect(passed.data).toMatchObject({ api_key_type: 1, account_mode: 'unified', ip_restricted: true });
    const seen = stand.requests.slice(from);
    expect(seen.map((r) => r.path)).toEqual([
      '/api/v5/public/time',
      '/api/v5/account/config',
      '/api/v5/account/balance',
    ]);
    expect(seen.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('refuses an exchange outside the table', async () => {
    const reply = await check(admin, { ...binanceRead, exchange: 'kraken' });
    expect(reply.code).toBe('EXCHANGE_UNSUPPORTED_ERROR');
  });

  it('adds only with a passed check of the same input, once', async () => {
    const none = await admin.client.post(`${V4}/wallets/exchange`, {
      ...binanceRead,
      name: 'Desk',
      check_token: 'made-up-token',
    });
    expect(none.code).toBe('EXCHANGE_CONNECT_TEST_REQUIRED_ERROR');
    const checked = await check(admin, binanceRead);
    const otherInput = await admin.client.post(`${V4}/wallets/exchange`, {
      ...binanceRead,
      secret: 'another-secret',
      name: 'Desk',
      check_token: checked.data.check_token,
    });
    expect(otherInput.code).toBe('EXCHANGE_CONNECT_TEST_REQUIRED_ERROR');
    const tooManyViewers = await admin.client.post(`${V4}/wallets/exchange`, {
      ...binanceRead,
      name: 'Desk',
      check_token: checked.data.check_token,
      viewers: [1, 2, 3, 4, 5, 6],
    });
    expect(tooManyViewers.code).toBe('EXCHANGE_VIEWERS_LIMIT_ERROR');
    const count = await t.ctx.db.selectFrom('exchange_accounts').select('wallet_id').execute();
    expect(count).toEqual([]);
    const added = await admin.client.post<{ wallet_id: number; api_key: string; api_key_type: number }>(
      `${V4}/wallets/exchange`,
      { ...binanceRead, name: 'Binance desk', check_token: checked.data.check_token },
    );
    expect(added.code).toBe('OK');
    expect(added.data).toMatchObject({ api_key_type: 1, api_key: 'Bina****0001', exchange_id: 'binance' });
    const again = await admin.client.post(`${V4}/wallets/exchange`, {
      ...binanceRead,
      name: 'Binance desk',
      check_token: checked.data.check_token,
    });
    expect(again.code).toBe('EXCHANGE_CONNECT_TEST_REQUIRED_ERROR');
    const duplicate = await check(admin, binanceRead);
    expect(duplicate.code).toBe('EXCHANGE_API_EXISTS_ERROR');
    const wallet = await t.ctx.db
      .selectFrom('wallets')
      .selectAll()
      .where('id', '=', added.data.wallet_id)
      .executeTakeFirstOrThrow();
    expect(wallet).toMatchObject({ sign_type: 3, chain_key: 'exchange:binance', address: null });
  });

  it('keeps the credentials sealed at rest and out of replies and logs', async () => {
    const row = await t.ctx.db
      .selectFrom('exchange_accounts')
      .selectAll()
      .where('exchange_id', '=', 'binance')
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(KEYS[0]!.apiKey);
    expect(row.sealed_credentials).toMatch(/^v1\./);
    expect(row.sealed_data_key).toMatch(/^v1\./);
    expect(openCredentials(t.ctx.config, row)).toEqual({ apiKey: KEYS[0]!.apiKey, secret: SECRET });
    const list = await admin.client.get(`${V4}/wallets/exchange`);
    expect(list.raw).not.toContain(SECRET);
    expect(list.raw).not.toContain(KEYS[0]!.apiKey);
    const logs = bed.logLines.join('');
    expect(logs).toContain('exchange check step failed');
    for (const secret of [SECRET, KEYS[5]!.secret, KEYS[5]!.passphrase!, 'not-the-secret'])
      expect(logs).not.toContain(secret);
  });

  it('the trial edition allows one exchange API', async () => {
    const trialOwner = await person(t, { mfa: true, prefix: 'exchange-trial' });
    await createSpace(trialOwner, 'Trial desk', 'experience');
    const first = await addAccount(trialOwner, {
      exchange: 'binance',
      api_key: KEYS[2]!.apiKey,
      secret: KEYS[2]!.secret,
    });
    expect(first.code).toBe('OK');
    const second = await check(trialOwner, {
      exchange: 'binance',
      api_key: KEYS[3]!.apiKey,
      secret: KEYS[3]!.secret,
    });
    expect(second.code).toBe('LIMIT_TRIAL_ERROR');
  });
});
