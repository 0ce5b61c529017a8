import type { ExchangeId } from '@keystead/contract';
import {
  hmac as hmacOf,
  sameText,
  type Answer,
  type ExchangeStandIn,
  type StandInCall,
  type StandInExchange,
  type StandInKey,
} from './exchange-stand-in-common';

/**
 * The STAND-IN's Bitget (served under /bitget by exchange-stand-in.ts): not Bitget, a local server
 * that answers the few endpoints ccxt calls for the exchange module, in the shapes Bitget's API
 * documentation gives (bitget.com/api-doc: spot v2 "Get Account Information", "Get Account
 * Assets", "Get Deposit/Withdraw Records"; UTA v3 "Get Account Info", "Get Account Settings",
 * "Get Account Assets", "Get Funding Assets", deposit/withdrawal records; and ccxt's recorded
 * responses in its bitget implementation's comments), and checks ccxt's requests with its OWN code:
 *  - ACCESS-KEY names a known Bitget key (else 40006 "Invalid ACCESS_KEY");
 *  - ACCESS-PASSPHRASE is present (else 40011);
 *  - ACCESS-TIMESTAMP is a millisecond time within 30 s of now (else 40008);
 *  - ACCESS-SIGN is the base64 HMAC-SHA256, under the key's secret, of
 *    timestamp + METHOD + request path + ("?" + query string, percent-decoded, when there is one)
 *    + body (else 40009 "sign signature error");
 *  - ACCESS-PASSPHRASE is the key's passphrase (else 40012 "apikey/password is incorrect").
 * Accounts are classic unless their key is in BITGET_UTA_KEYS (a unified trading account): as
 * Bitget does, a classic account's call to a UTA (v3) endpoint is refused with 40084 and a UTA
 * account's call to a classic (v2 spot) endpoint with 40085.
 */
export const BITGET_UTA_KEYS = new Set<string>();

const EXCHANGE: ExchangeId = 'bitget';
const ONE_DAY = 86_400_000;

function ok(data: unknown): Answer {
  return { status: 200, body: { code: '00000', msg: 'success', requestTime: Date.now(), data } };
}

function refused(code: string, msg: string): Answer {
  return { status: 400, body: { code, msg, requestTime: Date.now(), data: null } };
}

function header(call: StandInCall, name: string): string {
  const value = call.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function authenticate(state: ExchangeStandIn, call: StandInCall) {
  const refuse = (key: StandInKey | null, problem: string, code: string, msg: string) => ({
    key,
    problems: [problem],
    answer: refused(code, msg),
  });
  const key = state.keys.get(header(call, 'access-key'));
  if (!key || key.exchange !== EXCHANGE)
    return refuse(null, 'unknown ACCESS-KEY', '40006', 'Invalid ACCESS_KEY');
  const passphrase = header(call, 'access-passphrase');
  if (!passphrase)
    return refuse(key, 'missing ACCESS-PASSPHRASE', '40011', 'ACCESS_PASSPHRASE cannot be empty');
  const timestamp = header(call, 'access-timestamp');
  if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > 30_000)
    return refuse(key, 'stale ACCESS-TIMESTAMP', '40008', 'Request timestamp expired');
  const query = call.rawQuery ? `?${decodeURIComponent(call.rawQuery)}` : '';
  const expected = hmacOf(
    key.secret,
    `${timestamp}${call.method}${call.path}${query}${call.rawBody}`,
    'base64',
  );
  if (!sameText(header(call, 'access-sign'), expected))
    return refuse(key, 'bad ACCESS-SIGN', '40009', 'sign signature error');
  if (!sameText(passphrase, key.passphrase ?? ''))
    return refuse(key, 'wrong ACCESS-PASSPHRASE', '40012', 'apikey/password is incorrect');
  return { key, problems: [], answer: null };
}

/** Bitget's documented authority codes: read-only "…or", read-and-write "…ow", "wwow" withdrawal. */
const AUTHORITIES = {
  read: ['coor', 'cpor', 'stor', 'smor', 'wtor'],
  trade: ['coow', 'cpow', 'stow', 'smow', 'wtor'],
  withdraw: ['stow', 'wtow', 'wwow'],
};

/** The deposit and withdrawal the account made (a day and two days ago). */
function transfers(uta: boolean, type: 'deposit' | 'withdraw') {
  const now = Date.now();
  const time = (at: number) => (uta ? { createdTime: String(at) } : { cTime: String(at) });
  const updated = (at: number) => (uta ? { updatedTime: String(at) } : { uTime: String(at) });
  if (type === 'deposit')
    return [
      {
        orderId: '1083832260799930368',
        [uta ? 'recordId' : 'tradeId']: '35bf0e588a42b25c71a9d45abe7308cabdeec6b7b423910b9bd4743d3a9a9efa',
        coin: 'ETH',
        type: 'deposit',
        size: '3',
        status: 'success',
        toAddress: '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be',
        dest: 'on_chain',
        chain: 'ERC20',
        fromAddress: '0x28c6c06298d514db089934071355e5743bf21d60',
        ...time(now - 2 * ONE_DAY),
        ...updated(now - 2 * ONE_DAY + 300_000),
        ...(uta ? { clientOid: null } : {}),
      },
    ];
  return [
    {
      orderId: '1094957867615789056',
      [uta ? 'recordId' : 'tradeId']: '0x9e1d6b3a7c5f2e8d4b0a6c9e3f7d1b5a8c2e6f0d4b9a3c7e1f5d8b2a6c0e4f9d',
      coin: 'USDT',
      type: 'withdraw',
      size: '120',
      fee: '-1.5',
      status: 'success',
      toAddress: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
      dest: 'on_chain',
      chain: 'ERC20',
      fromAddress: '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be',
      confirm: '12',
      clientOid: null,
      tag: '',
      ...time(now - ONE_DAY),
      ...updated(now - ONE_DAY + 600_000),
    },
  ];
}

/** Records in the asked window (the records endpoints take startTime/endTime in ms). */
function inWindow(records: Array<Record<string, unknown>>, query: URLSearchParams) {
  const start = Number(query.get('startTime') ?? 0);
  const end = Number(query.get('endTime') ?? Date.now());
  return records.filter((record) => {
    const at = Number(record.cTime ?? record.createdTime);
    return at >= start && at <= end;
  });
}

function classicReply(path: string, key: StandInKey, query: URLSearchParams): Answer | null {
  if (path.startsWith('/api/v3/'))
    return refused(
      '40084',
      'You are in Classic Account mode, and the Unified Account API is not supported at this time',
    );
  switch (path) {
    case '/api/v2/spot/account/info':
      return ok({
        userId: '1790012345',
        inviterId: '0',
        ips: key.ipRestricted ? '203.0.113.7,203.0.113.8' : '',
        authorities: AUTHORITIES[key.kind],
        parentId: 1790012345,
        traderType: 'not_trader',
        channelCode: '',
        channel: '',
        regisTime: '1695808949356',
      });
    case '/api/v2/spot/account/assets':
      return ok([
        {
          coin: 'ETH',
          available: '4',
          frozen: '0.5',
          locked: '0',
          limitAvailable: '0',
          uTime: '1695808690167',
        },
        {
          coin: 'USDT',
          available: '2500',
          frozen: '0',
          locked: '0',
          limitAvailable: '0',
          uTime: '1695808690167',
        },
      ]);
    case '/api/v2/spot/wallet/deposit-records':
      return ok(inWindow(transfers(false, 'deposit'), query));
    case '/api/v2/spot/wallet/withdrawal-records':
      return ok(inWindow(transfers(false, 'withdraw'), query));
    default:
      return null;
  }
}

function unifiedReply(path: string, key: StandInKey, query: URLSearchParams): Answer | null {
  if (path.startsWith('/api/v2/spot/'))
    return refused(
      '40085',
      'You are in Unified Account mode, and the Classic Account API is not supported at this time',
    );
  switch (path) {
    case '/api/v3/account/info':
      return ok({
        uid: '1790054321',
        inviterId: '0',
        parentId: '',
        channelCode: '',
        channel: '',
        ips: key.ipRestricted ? '203.0.113.7,203.0.113.8' : '',
        permType: key.kind === 'read' ? 'read-only' : 'read-and-write',
        permissions:
          key.kind === 'withdraw' ? ['uta_mgt', 'uta_trade', 'withdraw'] : ['uta_mgt', 'uta_trade'],
        regisTime: '1704067200000',
      });
    case '/api/v3/account/settings':
      return ok({ assetMode: 'union', holdMode: 'one_way_mode', symbolConfigList: [], coinConfigList: [] });
    case '/api/v3/account/assets':
      return ok({
        accountEquity: '6000',
        usdtEquity: '6000',
        btcEquity: '0.1',
        unrealisedPnl: '0',
        usdtUnrealisedPnl: '0',
        btcUnrealizedPnl: '0',
        effEquity: '6000',
        mmr: '0',
        imr: '0',
        mgnRatio: '0',
        positionMgnRatio: '0',
        assets: [
          {
            coin: 'BTC',
            equity: '0.1',
            usdValue: '6000',
            balance: '0.1',
            available: '0.08',
            debt: '0',
            locked: '0.02',
          },
        ],
      });
    case '/api/v3/account/funding-assets':
      return ok([{ coin: 'USDT', available: '75', frozen: '0', balance: '75' }]);
    case '/api/v3/account/deposit-records':
      return ok(inWindow(transfers(true, 'deposit'), query));
    case '/api/v3/account/withdrawal-records':
      return ok(inWindow(transfers(true, 'withdraw'), query));
    default:
      return null;
  }
}

export const bitget: StandInExchange = {
  publicReply(call) {
    if (call.method === 'GET' && call.path === '/api/v2/public/time')
      return ok({ serverTime: String(Date.now()) });
    return null;
  },
  authenticate,
  reply(call, key) {
    if (call.method !== 'GET') return null;
    const query = new URLSearchParams(call.rawQuery);
    return BITGET_UTA_KEYS.has(key.apiKey)
      ? unifiedReply(call.path, key, query)
      : classicReply(call.path, key, query);
  },
};
