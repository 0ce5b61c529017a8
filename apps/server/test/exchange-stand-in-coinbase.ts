import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type {
  Answer,
  StandInAuth,
  StandInCall,
  StandInExchange,
  StandInKey,
} from './exchange-stand-in-common';

/**
 * The exchange STAND-IN's Coinbase part (served under /coinbase, the prefix taken off before it
 * sees a path). Not Coinbase: it answers the few Advanced Trade (v3) and Coinbase App (v2)
 * endpoints the exchange module's ccxt calls reach, in the shapes Coinbase documents
 * (docs.cdp.coinbase.com), and checks, with its own code, what a current Coinbase key sends: a
 * CDP API key (name `organizations/{org}/apiKeys/{id}`, secret an EC P-256 private key PEM), for
 * which ccxt signs every private request with a JWT (ES256) as the Authorization bearer:
 *  - header: alg ES256, kid the key name; payload: sub the key name, nbf/exp a window of at most
 *    120 s that holds now, and `uri` "METHOD host/path" naming this very request (no query);
 *  - the signature (JWS: r‖s) verifies under the key's public key (Coinbase keeps only the public
 *    half; the stand-in derives it from the test's key).
 * ccxt strips only "https://" from the URL when it writes `uri`, so against this plain-HTTP
 * stand-in the claim reads "GET http://127.0.0.1:port/coinbase/api/v3/…": the stand-in accepts
 * that scheme, and otherwise requires exactly its own host and the request's full path.
 * Legacy HMAC keys (CB-ACCESS-KEY / CB-ACCESS-SIGN) are not served: Coinbase retired them for
 * Advanced Trade. Every refusal is Coinbase's HTTP 401 "Unauthorized".
 */
const PREFIX = '/coinbase';
const MAX_LIFETIME_S = 120;

const UNAUTHORIZED: Answer = { status: 401, body: 'Unauthorized' };

function refuse(problem: string, key: StandInKey | null = null): StandInAuth {
  return { key, problems: [problem], answer: UNAUTHORIZED };
}

function base64UrlJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const publicKeys = new Map<string, KeyObject>();
function publicKeyOf(key: StandInKey): KeyObject | null {
  let known = publicKeys.get(key.secret);
  if (!known) {
    try {
      known = createPublicKey(key.secret);
    } catch {
      return null;
    }
    publicKeys.set(key.secret, known);
  }
  return known;
}

/** Stable ids of the stand-in's accounts (Coinbase: one account per currency; v2 id = v3 uuid). */
const ACCOUNTS = {
  BTC: '8bfc20d7-f7c6-4422-bf07-8243ca4169fe',
  ETH: '1f9a3c22-0a11-4b6d-9f2e-2b7d5e0a1c88',
  USDC: '5b6e1a2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d',
} as const;

function account(currency: keyof typeof ACCOUNTS, available: string, hold: string) {
  return {
    uuid: ACCOUNTS[currency],
    name: `${currency} Wallet`,
    currency,
    available_balance: { value: available, currency },
    default: true,
    active: true,
    created_at: '2023-11-01T10:00:00.000Z',
    updated_at: '2023-11-14T22:13:20.000Z',
    deleted_at: null,
    type: 'ACCOUNT_TYPE_CRYPTO',
    ready: true,
    hold: { value: hold, currency },
    retail_portfolio_id: 'a6f9e1c2-9b3d-4e5f-8a7b-6c5d4e3f2a1b',
  };
}

/** GET /v2/accounts (Coinbase App "List Accounts", ccxt's fetchBalance): one wallet per currency, total only. */
function walletAccount(currency: keyof typeof ACCOUNTS, amount: string) {
  const names = { BTC: 'Bitcoin', ETH: 'Ethereum', USDC: 'USDC' };
  return {
    id: ACCOUNTS[currency],
    name: `${currency} Wallet`,
    primary: currency === 'BTC',
    type: 'wallet',
    currency: { code: currency, name: names[currency], type: 'crypto', exponent: 8 },
    balance: { amount, currency },
    created_at: '2023-11-01T10:00:00Z',
    updated_at: '2023-11-14T22:13:20Z',
    resource: 'account',
    resource_path: `/v2/accounts/${ACCOUNTS[currency]}`,
    allow_deposits: true,
    allow_withdrawals: true,
  };
}

const PAGE = {
  ending_before: null,
  starting_after: null,
  previous_ending_before: null,
  next_starting_after: null,
  limit: 250,
  order: 'desc',
  previous_uri: null,
  next_uri: null,
};

/** GET /v2/accounts/:id/transactions: crypto received (`receive`, credit) and sent (`send`, debit). */
function transactions(accountId: string): unknown[] {
  if (accountId === ACCOUNTS.BTC)
    return [
      {
        id: '34e4816b-4c8c-5323-a01c-35a9fa26e490',
        type: 'receive',
        status: 'completed',
        amount: { amount: '0.04000000', currency: 'BTC' },
        native_amount: { amount: '2400.00', currency: 'USD' },
        description: null,
        created_at: '2023-11-14T22:30:00Z',
        updated_at: '2023-11-14T22:45:00Z',
        resource: 'transaction',
        resource_path: `/v2/accounts/${ACCOUNTS.BTC}/transactions/34e4816b-4c8c-5323-a01c-35a9fa26e490`,
        network: {
          status: 'confirmed',
          hash: '5d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e',
          network_name: 'bitcoin',
        },
      },
    ];
  if (accountId === ACCOUNTS.ETH)
    return [
      {
        id: 'a8c1b2d3-e4f5-5a6b-9c7d-8e9f0a1b2c3d',
        type: 'send',
        status: 'completed',
        amount: { amount: '-0.25000000', currency: 'ETH' },
        native_amount: { amount: '-500.00', currency: 'USD' },
        description: null,
        created_at: '2023-11-14T23:00:00Z',
        updated_at: '2023-11-14T23:05:00Z',
        resource: 'transaction',
        resource_path: `/v2/accounts/${ACCOUNTS.ETH}/transactions/a8c1b2d3-e4f5-5a6b-9c7d-8e9f0a1b2c3d`,
        network: {
          status: 'confirmed',
          hash: '0x9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0',
          network_name: 'ethereum',
          transaction_fee: { amount: '0.00100000', currency: 'ETH' },
        },
        to: { resource: 'ethereum_address', address: '0x6b175474e89094c44da98b954eedeac495271d0f' },
      },
    ];
  return [];
}

export const coinbase: StandInExchange = {
  publicReply(call) {
    if (call.method === 'GET' && call.path === '/v2/time') {
      const now = new Date();
      return {
        status: 200,
        body: {
          data: { iso: now.toISOString().replace(/\.\d{3}Z$/, 'Z'), epoch: Math.floor(now.getTime() / 1000) },
        },
      };
    }
    return null;
  },

  authenticate(state, call: StandInCall) {
    const authorization = String(call.headers.authorization ?? '');
    if (!authorization.startsWith('Bearer ')) return refuse('no JWT bearer');
    const [headerPart = '', payloadPart = '', signaturePart = ''] = authorization.slice(7).split('.');
    const header = base64UrlJson(headerPart);
    const payload = base64UrlJson(payloadPart);
    if (!header || !payload) return refuse('malformed JWT');
    const key = state.keys.get(String(header.kid ?? ''));
    if (!key || key.exchange !== 'coinbase') return refuse('unknown kid');
    if (header.alg !== 'ES256') return refuse('JWT alg not ES256', key);
    if (payload.sub !== key.apiKey) return refuse('sub is not the key name', key);
    const now = Math.floor(Date.now() / 1000);
    const nbf = Number(payload.nbf);
    const exp = Number(payload.exp);
    if (!(nbf <= now + 5 && exp > now && exp - nbf <= MAX_LIFETIME_S)) return refuse('JWT expired', key);
    const host = String(call.headers.host ?? '');
    const uri = String(payload.uri ?? '').replace(/^(\w+) http:\/\//, '$1 ');
    if (uri !== `${call.method} ${host}${PREFIX}${call.path}`)
      return refuse('uri claim names another request', key);
    const publicKey = publicKeyOf(key);
    const valid =
      publicKey !== null &&
      verify(
        'sha256',
        Buffer.from(`${headerPart}.${payloadPart}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signaturePart, 'base64url'),
      );
    if (!valid) return refuse('bad ES256 signature', key);
    return { key, problems: [], answer: null };
  },

  reply(call, key): Answer | null {
    if (call.method !== 'GET') return null;
    if (call.path === '/api/v3/brokerage/key_permissions')
      return {
        status: 200,
        body: {
          can_view: true,
          can_trade: key.kind !== 'read',
          can_transfer: key.kind === 'withdraw',
          portfolio_uuid: 'a6f9e1c2-9b3d-4e5f-8a7b-6c5d4e3f2a1b',
          portfolio_type: 'DEFAULT',
        },
      };
    if (call.path === '/api/v3/brokerage/accounts')
      return {
        status: 200,
        body: {
          accounts: [account('BTC', '0.12', '0.03'), account('ETH', '1.75', '0'), account('USDC', '0', '0')],
          has_next: false,
          cursor: '',
          size: 3,
        },
      };
    if (call.path === '/v2/accounts')
      return {
        status: 200,
        body: {
          pagination: PAGE,
          data: [
            walletAccount('BTC', '0.15000000'),
            walletAccount('ETH', '1.75000000'),
            walletAccount('USDC', '0.00'),
          ],
        },
      };
    const match = /^\/v2\/accounts\/([\w-]+)\/transactions$/.exec(call.path);
    if (match) return { status: 200, body: { pagination: PAGE, data: transactions(match[1]!) } };
    return null;
  },
};
