import { createHash, createHmac } from 'node:crypto';
import type {
  Answer,
  StandInAuth,
  StandInCall,
  StandInExchange,
  StandInKey,
} from './exchange-stand-in-common';
import { sameText } from './exchange-stand-in-common';

/**
 * The exchange STAND-IN's Gate part (served under /gate, the prefix taken off before it sees a
 * path). Not Gate: it answers the few API v4 endpoints the exchange module's ccxt calls reach, in
 * the shapes Gate documents (gate.com/docs/developers/apiv4), and checks Gate's APIv4 signature
 * with its own code:
 *  - KEY names a known Gate key;
 *  - Timestamp is Unix seconds, within 60 s of now (Gate refuses older requests);
 *  - SIGN is the hex HMAC-SHA512, under the key's secret, of
 *    METHOD \n /api/v4/path \n query string \n hex(SHA512(body)) \n Timestamp.
 * Refusals are Gate's documented labels: INVALID_KEY, REQUEST_EXPIRED, INVALID_SIGNATURE (HTTP 401).
 */
const USER_ID = 10406147;
const TIMESTAMP_WINDOW_S = 60;

function fail(problem: string, label: string, message: string, key: StandInKey | null = null): StandInAuth {
  return { key, problems: [problem], answer: { status: 401, body: { label, message } } };
}

function sha512Hex(text: string): string {
  return createHash('sha512').update(text).digest('hex');
}

function header(call: StandInCall, name: string): string {
  const value = call.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** How Gate lists a key in GET /account/main_keys: its first 12 characters, then asterisks. */
export function gateMaskedKey(apiKey: string): string {
  return `${apiKey.slice(0, 12)}*****`;
}

/** Gate's per-function permissions of a key (`perms`: name and read_only). */
function perms(key: StandInKey) {
  const writable = key.kind !== 'read';
  return [
    { name: 'account', read_only: true },
    { name: 'spot', read_only: !writable },
    { name: 'wallet', read_only: key.kind !== 'withdraw' },
  ];
}

function mainKey(key: StandInKey) {
  return {
    state: 1,
    mode: 1,
    name: `keystead ${key.kind}`,
    user_id: USER_ID,
    perms: perms(key),
    ip_whitelist: key.ipRestricted ? ['203.0.113.7', '203.0.113.8'] : [],
    currency_pairs: [],
    key: gateMaskedKey(key.apiKey),
    created_at: 1753030929,
    update_at: 1756300567,
    last_access: 1753030929,
  };
}

export const gate: StandInExchange = {
  publicReply(call) {
    if (call.method === 'GET' && call.path === '/api/v4/spot/time')
      return { status: 200, body: { server_time: Date.now() } };
    return null;
  },

  authenticate(state, call) {
    const key = state.keys.get(header(call, 'key'));
    if (!key || key.exchange !== 'gate') return fail('unknown KEY', 'INVALID_KEY', 'Invalid key provided');
    const timestamp = header(call, 'timestamp');
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > TIMESTAMP_WINDOW_S)
      return fail('stale Timestamp', 'REQUEST_EXPIRED', 'Request timestamp expired', key);
    const payload = [call.method, call.path, call.rawQuery, sha512Hex(call.rawBody), timestamp].join('\n');
    const expected = createHmac('sha512', key.secret).update(payload).digest('hex');
    if (!sameText(header(call, 'sign'), expected))
      return fail('bad SIGN (HMAC-SHA512)', 'INVALID_SIGNATURE', 'Signature mismatch', key);
    return { key, problems: [], answer: null };
  },

  reply(call, key, state): Answer | null {
    if (call.method !== 'GET') return null;
    switch (call.path) {
      // Gate: "Retrieve user account information" (key.mode 1 classic, 2 legacy unified).
      case '/api/v4/account/detail':
        return {
          status: 200,
          body: {
            user_id: USER_ID,
            ip_whitelist: key.ipRestricted ? ['203.0.113.7', '203.0.113.8'] : [],
            currency_pairs: [],
            key: { mode: 1 },
            tier: 0,
            copy_trading_role: 0,
          },
        };
      // Gate: "Query All Main Account Key Information": every key of the account, masked.
      case '/api/v4/account/main_keys':
        return {
          status: 200,
          body: [...state.keys.values()].filter((k) => k.exchange === 'gate').map(mainKey),
        };
      case '/api/v4/spot/accounts':
        return {
          status: 200,
          body: [
            { currency: 'BTC', available: '0.25', locked: '0.05', update_id: 101 },
            { currency: 'USDT', available: '500', locked: '0', update_id: 102 },
            { currency: 'DOGE', available: '0', locked: '0', update_id: 103 },
          ],
        };
      // Deposit ids start with 'd', withdrawal ids with 'w' (as Gate's records do).
      case '/api/v4/wallet/deposits':
        return {
          status: 200,
          body: [
            {
              id: 'd33361395',
              currency: 'USDT',
              address: 'TYBxnCk9JbDdYo1hLkVm8c5g2n5Xc4hN9Y',
              amount: '200',
              txid: '4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b',
              timestamp: '1700000400',
              memo: '',
              status: 'DONE',
              chain: 'TRX',
            },
          ],
        };
      case '/api/v4/wallet/withdrawals':
        return {
          status: 200,
          body: [
            {
              id: 'w1879219868',
              currency: 'BTC',
              address: 'bc1q9h7garjwt3kqz6r0l2sd4x8f5v3m6n2p0c4e7y',
              amount: '0.0105',
              fee: '0.0005',
              txid: '2f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e',
              chain: 'BTC',
              timestamp: '1700000500',
              memo: '',
              status: 'DONE',
              withdraw_order_id: '',
              block_number: '818000',
            },
          ],
        };
      default:
        return null;
    }
  },
};
