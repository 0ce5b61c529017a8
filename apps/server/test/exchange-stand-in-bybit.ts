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
 * The STAND-IN's Bybit (served under /bybit by exchange-stand-in.ts): not Bybit, a local server
 * that answers the few v5 endpoints ccxt calls for the exchange module, in the shapes Bybit's v5
 * API documentation gives (bybit-exchange.github.io/docs/v5, and ccxt's recorded responses in its
 * bybit implementation's comments), and checks ccxt's requests with its OWN code:
 *  - X-BAPI-API-KEY names a known Bybit key (else retCode 10003 "API key is invalid.");
 *  - X-BAPI-TIMESTAMP (ms) satisfies Bybit's documented rule
 *    server_time - recv_window <= timestamp < server_time + 1000, X-BAPI-RECV-WINDOW defaulting
 *    to 5000 (else retCode 10002);
 *  - X-BAPI-SIGN is the hex HMAC-SHA256, under the key's secret, of
 *    timestamp + api key + recv window + (the raw query string for GET | the raw body for POST)
 *    (else retCode 10004).
 * Accounts are unified trade accounts (UTA 2.0, what Bybit opens today) unless their key is in
 * BYBIT_CLASSIC_KEYS: GET /v5/user/query-api and /v5/account/info say which, and the wallet
 * balance refuses an accountType the account does not have (retCode 10001), as Bybit does.
 */
export const BYBIT_CLASSIC_KEYS = new Set<string>();

const EXCHANGE: ExchangeId = 'bybit';
const ONE_DAY = 86_400_000;

/** Bybit v5's envelope: retCode 0 with the result, or the error's code and message. */
function v5(result: unknown, retCode = 0, retMsg = 'OK'): Answer {
  return { status: 200, body: { retCode, retMsg, result, retExtInfo: {}, time: Date.now() } };
}

function header(call: StandInCall, name: string): string {
  const value = call.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function authenticate(state: ExchangeStandIn, call: StandInCall) {
  const refuse = (key: StandInKey | null, problem: string, retCode: number, retMsg: string) => ({
    key,
    problems: [problem],
    answer: v5({}, retCode, retMsg),
  });
  const key = state.keys.get(header(call, 'x-bapi-api-key'));
  if (!key || key.exchange !== EXCHANGE)
    return refuse(null, 'unknown X-BAPI-API-KEY', 10003, 'API key is invalid.');
  const timestampText = header(call, 'x-bapi-timestamp');
  const recvWindowText = header(call, 'x-bapi-recv-window') || '5000';
  const timestamp = Number(timestampText);
  const recvWindow = Number(recvWindowText);
  const now = Date.now();
  if (
    !/^\d+$/.test(timestampText) ||
    !/^\d+$/.test(recvWindowText) ||
    !(now - recvWindow <= timestamp && timestamp < now + 1000)
  )
    return refuse(
      key,
      'X-BAPI-TIMESTAMP outside the recv window',
      10002,
      'invalid request, please check your server timestamp or recv_window param',
    );
  const payload = call.method === 'GET' ? call.rawQuery : call.rawBody;
  const expected = hmacOf(key.secret, `${timestampText}${key.apiKey}${recvWindowText}${payload}`, 'hex');
  if (!sameText(header(call, 'x-bapi-sign'), expected))
    return refuse(
      key,
      'bad X-BAPI-SIGN',
      10004,
      'Error sign, please check your signature generation algorithm.',
    );
  return { key, problems: [], answer: null };
}

const none = (): string[] => [];

/** GET /v5/user/query-api for the key (documented fields; readOnly 1 for a read-only key). */
function apiKeyInfo(key: StandInKey, unified: boolean) {
  const write = key.kind !== 'read';
  return {
    id: '13770661',
    note: 'keystead stand-in',
    apiKey: key.apiKey,
    readOnly: write ? 0 : 1,
    secret: '',
    permissions: {
      ContractTrade: ['Order', 'Position'],
      Spot: ['SpotTrade'],
      Wallet: key.kind === 'withdraw' ? ['AccountTransfer', 'Withdraw'] : ['AccountTransfer'],
      Options: ['OptionsTrade'],
      Derivatives: ['DerivativesTrade'],
      CopyTrading: none(),
      BlockTrade: none(),
      Exchange: ['ExchangeHistory'],
      NFT: none(),
      Affiliate: none(),
      Earn: none(),
    },
    ips: key.ipRestricted ? ['203.0.113.7', '203.0.113.8'] : ['*'],
    type: 1,
    deadlineDay: key.ipRestricted ? -1 : 83,
    expiredAt: key.ipRestricted ? '' : '2030-05-15T03:21:05Z',
    createdAt: '2024-10-16T02:24:40Z',
    unified: 0,
    uta: unified ? 1 : 0,
    userID: 24600000,
    inviterID: 0,
    vipLevel: 'No VIP',
    mktMakerLevel: '0',
    affiliateID: 0,
    rsaPublicKey: '',
    isMaster: true,
    parentUid: '0',
    kycLevel: 'LEVEL_1',
    kycRegion: '',
  };
}

/** GET /v5/account/wallet-balance: the unified (or classic spot) account's coins. */
function walletBalance(accountType: string) {
  const coin = (name: string, walletBalance: string, locked: string, usdValue: string) => ({
    coin: name,
    equity: walletBalance,
    usdValue,
    walletBalance,
    free: accountType === 'SPOT' ? walletBalance : '',
    locked,
    spotHedgingQty: '0',
    borrowAmount: '0',
    accruedInterest: '0',
    totalOrderIM: '0',
    totalPositionIM: '0',
    totalPositionMM: '0',
    unrealisedPnl: '0',
    cumRealisedPnl: '0',
    bonus: '0',
    marginCollateral: true,
    collateralSwitch: true,
    availableToWithdraw: '',
  });
  return {
    list: [
      {
        accountType,
        totalEquity: '151000',
        accountIMRate: '0',
        totalMarginBalance: '151000',
        totalInitialMargin: '0',
        totalAvailableBalance: '150000',
        accountMMRate: '0',
        totalPerpUPL: '0',
        totalWalletBalance: '151000',
        accountLTV: '0',
        totalMaintenanceMargin: '0',
        coin: [coin('BTC', '2.5', '0.5', '150000'), coin('USDT', '1000', '0', '1000')],
      },
    ],
  };
}

function reply(call: StandInCall, key: StandInKey): Answer | null {
  const unified = !BYBIT_CLASSIC_KEYS.has(key.apiKey);
  const query = new URLSearchParams(call.rawQuery);
  if (call.method !== 'GET') return null;
  switch (call.path) {
    case '/v5/user/query-api':
      return v5(apiKeyInfo(key, unified));
    case '/v5/account/info':
      return v5({
        // 1 classic account, 6 UTA 2.0 pro (Bybit's documented unifiedMarginStatus values).
        unifiedMarginStatus: unified ? 6 : 1,
        marginMode: 'REGULAR_MARGIN',
        isMasterTrader: false,
        spotHedgingStatus: 'OFF',
        updatedTime: '1697078946000',
        dcpStatus: 'OFF',
        timeWindow: 10,
        smpGroup: 0,
      });
    case '/v5/account/wallet-balance': {
      const accountType = query.get('accountType') ?? '';
      const allowed = unified ? ['UNIFIED'] : ['SPOT', 'CONTRACT'];
      if (!allowed.includes(accountType))
        return v5({}, 10001, `accountType only support ${allowed.join(',')}`);
      if (accountType === 'CONTRACT') return v5({ list: [{ accountType, coin: [] }] });
      return v5(walletBalance(accountType));
    }
    case '/v5/asset/transfer/query-account-coins-balance':
      if (query.get('accountType') !== 'FUND') return v5({}, 10001, 'accountType is invalid');
      return v5({
        memberId: '24600000',
        accountType: 'FUND',
        balance: [
          { coin: 'USDT', walletBalance: '400', transferBalance: '400', bonus: '' },
          { coin: 'USDC', walletBalance: '0', transferBalance: '0', bonus: '' },
        ],
      });
    case '/v5/asset/deposit/query-record':
      return v5({
        rows: [
          {
            id: '1046043',
            coin: 'USDT',
            chain: 'TRX',
            amount: '750',
            txID: '3a1c5b0f6e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b',
            status: 3,
            toAddress: 'TN4hGjVXMzy96hLsBVDAhjV6jVUBkQdXfU',
            tag: '',
            depositFee: '',
            successAt: String(Date.now() - 2 * ONE_DAY),
            confirmations: '60',
            txIndex: '0',
            blockHash: '0000000003e4d2a1b0c9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7',
            batchReleaseLimit: '-1',
            depositType: '0',
          },
        ],
        nextPageCursor: 'eyJtaW5JRCI6MTA0NjA0MywibWF4SUQiOjEwNDYwNDN9',
      });
    case '/v5/asset/withdraw/query-record':
      return v5({
        rows: [
          {
            withdrawId: '9976',
            txID: '0x7f0e3c9a1b2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7',
            withdrawType: 0,
            coin: 'BTC',
            chain: 'BTC',
            amount: '0.25',
            withdrawFee: '0.0002',
            status: 'success',
            toAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            tag: '',
            createTime: String(Date.now() - ONE_DAY),
            updateTime: String(Date.now() - ONE_DAY + 600_000),
          },
        ],
        nextPageCursor: 'eyJtaW5JRCI6OTk3NiwibWF4SUQiOjk5NzZ9',
      });
    default:
      return null;
  }
}

export const bybit: StandInExchange = {
  publicReply(call) {
    if (call.method === 'GET' && call.path === '/v5/market/time') {
      const now = Date.now();
      return v5({ timeSecond: String(Math.floor(now / 1000)), timeNano: `${now}000000` });
    }
    return null;
  },
  authenticate,
  reply: (call, key) => reply(call, key),
};
