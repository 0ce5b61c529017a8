import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { createSpace, person, type Person } from './space-helpers';
import {
  standInUrls,
  startExchangeStandIn,
  type ExchangeStandIn,
  type StandInKey,
} from './exchange-stand-in';

/** Shared by the exchange account tests: the stand-in's keys, an app pointed at it, the wizard's calls. */
export const V4 = '/api/web/v4';
export const SECRET = 'binance-read-secret-0123456789abcdefghijklmnopqrstuv';
export const KEYS: StandInKey[] = [
  { exchange: 'binance', apiKey: 'BinanceReadKey000000000000000001', secret: SECRET, kind: 'read' },
  {
    exchange: 'binance',
    apiKey: 'BinanceTradeKey00000000000000002',
    secret: 'trade-secret-xyz',
    kind: 'trade',
  },
  { exchange: 'binance', apiKey: 'BinanceTrialKey00000000000000003', secret: 'trial-secret-1', kind: 'read' },
  { exchange: 'binance', apiKey: 'BinanceTrialKey00000000000000004', secret: 'trial-secret-2', kind: 'read' },
  {
    exchange: 'binance',
    apiKey: 'BinanceRevokeKey0000000000000005',
    secret: 'revoke-secret-5',
    kind: 'read',
  },
  {
    exchange: 'okx',
    apiKey: 'okx-read-key-0000-0000-000000000001',
    secret: 'OKXSECRETREAD0000000000000000001',
    passphrase: 'Okx-Pass-Phrase-1',
    kind: 'read',
    okxAccountLevel: '2',
    ipRestricted: true,
  },
];
export const binanceRead = { exchange: 'binance', api_key: KEYS[0]!.apiKey, secret: SECRET };
export const okxRead = {
  exchange: 'okx',
  api_key: KEYS[5]!.apiKey,
  secret: KEYS[5]!.secret,
  passphrase: KEYS[5]!.passphrase,
};

export interface Steps {
  steps: Array<{ step: string; status: string; code: string | null }>;
}
export const stepStatus = (data: Steps) => Object.fromEntries(data.steps.map((s) => [s.step, s.status]));

/** The steps' statuses when the check ends at `failed` (the network is tried first, §4 order kept). */
export function endedAt(failed: 'network' | 'api_validity' | 'permissions') {
  const ran = {
    network: ['network'],
    api_validity: ['network', 'api_validity'],
    permissions: ['network', 'api_validity', 'permissions'],
  }[failed];
  const status = (step: string) => (step === failed ? 'failed' : ran.includes(step) ? 'passed' : 'skipped');
  return Object.fromEntries(
    ['api_validity', 'network', 'permissions', 'account_info'].map((step) => [step, status(step)]),
  );
}

export async function check(who: Person, body: Record<string, unknown>) {
  return who.client.post<{ check_token: string; api_key_type: number; account_mode: string } & Steps>(
    `${V4}/wallets/exchange/check`,
    body,
  );
}

export async function addAccount(
  who: Person,
  input: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const checked = await check(who, input);
  expect(checked.code, JSON.stringify(checked.data)).toBe('OK');
  return who.client.post<{ wallet_id: number; api_key_type: number; api_key: string; account_mode: string }>(
    `${V4}/wallets/exchange`,
    { ...input, name: 'Desk', check_token: checked.data.check_token, ...extra },
  );
}

export interface ExchangeTestBed {
  stand: ExchangeStandIn;
  t: TestApp;
  admin: Person;
  spaceId: number;
  /** The app's log lines (LOG_LEVEL debug). */
  logLines: string[];
  close(): Promise<void>;
}

/** The stand-in with KEYS, an app whose ccxt clients reach it, an admin and a full-edition space. */
export async function exchangeTestBed(): Promise<ExchangeTestBed> {
  const stand = await startExchangeStandIn();
  for (const key of KEYS) stand.keys.set(key.apiKey, key);
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const t = await createTestApp(
    {
      EXCHANGE_API_URLS_JSON: standInUrls(stand),
      EXCHANGE_EGRESS_IPS: '203.0.113.7, 203.0.113.8',
      EXCHANGE_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'debug',
    },
    { chains: [], logStream },
  );
  const admin = await person(t, { mfa: true, prefix: 'exchange-admin' });
  const spaceId = await createSpace(admin, 'Exchange desk');
  return {
    stand,
    t,
    admin,
    spaceId,
    logLines,
    async close() {
      await t.close();
      await stand.close();
    },
  };
}

/** Puts the space on a paid plan (§6: exchange adding needs one). */
export async function payForExchanges(t: TestApp, spaceId: number): Promise<void> {
  await t.ctx.db
    .updateTable('organizations')
    .set({ plan: 'plus', plan_expires_at: new Date(Date.now() + 86_400_000) })
    .where('id', '=', spaceId)
    .execute();
}
