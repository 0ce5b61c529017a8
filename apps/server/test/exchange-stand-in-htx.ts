import { createHmac } from 'node:crypto';
import type {
  Answer,
  StandInAuth,
  StandInCall,
  StandInExchange,
  StandInKey,
} from './exchange-stand-in-common';
import { sameText } from './exchange-stand-in-common';

/**
 * The exchange STAND-IN's HTX part (served under /htx, the prefix taken off before it sees a
 * path). Not HTX: it answers the few spot endpoints the exchange module's ccxt calls reach, in the
 * shapes HTX documents (huobiapi.github.io/docs/spot/v1/en), and checks HTX's signature version 2
 * with its own code:
 *  - the query carries AccessKeyId (a known HTX key), SignatureMethod=HmacSHA256,
 *    SignatureVersion=2 and Timestamp (UTC YYYY-MM-DDThh:mm:ss, within 5 minutes of now);
 *  - Signature is the base64 HMAC-SHA256, under the key's secret, of
 *    METHOD \n host \n path \n the other query parameters, sorted by name and percent-encoded.
 * The host signed is HTX's own API host, api.huobi.pro: HTX checks the host it is reached at, and
 * ccxt signs that name (its `hostname` option) even when its URLs are moved onto this stand-in, so
 * the stand-in plays api.huobi.pro rather than its local address.
 * Refusals are HTX's: v1 paths answer status "error" with err-code api-signature-not-valid,
 * v2 paths code 1003 "invalid signature" (HTTP 200, as HTX does).
 */
export const HTX_HOST = 'api.huobi.pro';
const UID = 63628520;
const SPOT_ACCOUNT = 10000001;
const WINDOW_MS = 5 * 60_000;

/** RFC 3986 percent-encoding (what HTX's signature canonicalises parameters with). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function refuse(path: string, problem: string, message: string, key: StandInKey | null): StandInAuth {
  const body = path.startsWith('/v2/')
    ? { code: 1003, message: 'invalid signature' }
    : { status: 'error', 'err-code': 'api-signature-not-valid', 'err-msg': message, data: null };
  return { key, problems: [problem], answer: { status: 200, body } };
}

const ok = (data: unknown): Answer => ({ status: 200, body: { status: 'ok', data } });
const v2 = (data: unknown): Answer => ({ status: 200, body: { code: 200, message: 'success', data } });

/** HTX's `permission` of an API key: readOnly, trade, withdraw, comma-separated. */
function permission(key: StandInKey): string {
  return { read: 'readOnly', trade: 'readOnly,trade', withdraw: 'readOnly,trade,withdraw' }[key.kind];
}

function apiKeyRecord(key: StandInKey) {
  return {
    accessKey: key.apiKey,
    note: `keystead ${key.kind}`,
    permission: permission(key),
    ipAddresses: key.ipRestricted ? '203.0.113.7,203.0.113.8' : '',
    validDays: key.ipRestricted ? -1 : 90,
    status: 'normal',
    createTime: 1699000000000,
    updateTime: 1699000000000,
  };
}

function params(call: StandInCall): URLSearchParams {
  return new URLSearchParams(call.rawQuery);
}

/** One chain of a currency in GET /v2/reference/currencies (HTX's documented fields). */
function chain(id: string, displayName: string, baseChain: string, fee: string) {
  return {
    chain: id,
    displayName,
    baseChain,
    baseChainProtocol: displayName,
    isDynamic: false,
    numOfConfirmations: 12,
    numOfFastConfirmations: 12,
    depositStatus: 'allowed',
    minDepositAmt: '0.01',
    withdrawStatus: 'allowed',
    minWithdrawAmt: '0.02',
    withdrawPrecision: 6,
    maxWithdrawAmt: '1000000',
    withdrawQuotaPerDay: '1000000',
    withdrawQuotaPerYear: null,
    withdrawQuotaTotal: null,
    withdrawFeeType: 'fixed',
    transactFeeWithdraw: fee,
  };
}

/** HTX "APIv2 - Currency & Chains" (public): the chains ccxt names deposits' networks by. */
const CURRENCIES = [
  {
    currency: 'usdt',
    assetType: 1,
    chains: [chain('trc20usdt', 'TRC20', 'TRX', '1'), chain('usdterc20', 'ERC20', 'ETH', '5')],
    instStatus: 'normal',
  },
  { currency: 'eth', assetType: 1, chains: [chain('eth', 'ERC20', 'ETH', '0.002')], instStatus: 'normal' },
];

export const htx: StandInExchange = {
  publicReply(call) {
    if (call.method === 'GET' && call.path === '/v1/common/timestamp') return ok(Date.now());
    if (call.method === 'GET' && call.path === '/v2/reference/currencies') return v2(CURRENCIES);
    return null;
  },

  authenticate(state, call) {
    const query = params(call);
    const key = state.keys.get(query.get('AccessKeyId') ?? '');
    if (!key || key.exchange !== 'htx')
      return refuse(
        call.path,
        'unknown AccessKeyId',
        'Signature not valid: Incorrect Access key [Access key错误]',
        null,
      );
    if (query.get('SignatureMethod') !== 'HmacSHA256' || query.get('SignatureVersion') !== '2')
      return refuse(call.path, 'not signature version 2 (HmacSHA256)', 'Signature not valid', key);
    const timestamp = query.get('Timestamp') ?? '';
    const moment = Date.parse(`${timestamp}Z`);
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(timestamp) || Math.abs(Date.now() - moment) > WINDOW_MS)
      return refuse(call.path, 'stale Timestamp', 'Signature not valid: Timestamp expired', key);
    const signed = [...query.entries()]
      .filter(([name]) => name !== 'Signature')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${encode(name)}=${encode(value)}`)
      .join('&');
    const expected = createHmac('sha256', key.secret)
      .update([call.method, HTX_HOST, call.path, signed].join('\n'))
      .digest('base64');
    if (!sameText(query.get('Signature') ?? '', expected))
      return refuse(
        call.path,
        'bad Signature (HmacSHA256 v2)',
        'Signature not valid: Verification failure [校验失败]',
        key,
      );
    return { key, problems: [], answer: null };
  },

  reply(call, key, state): Answer | null {
    if (call.method !== 'GET') return null;
    const query = params(call);
    switch (call.path) {
      case '/v2/user/uid':
        return v2(UID);
      // HTX: "Query API Key Information": the user's keys, or the one named by accessKey.
      case '/v2/user/api-key': {
        if (query.get('uid') !== String(UID))
          return { status: 200, body: { code: 2002, message: 'invalid uid' } };
        const wanted = query.get('accessKey');
        const keys = [...state.keys.values()].filter(
          (k) => k.exchange === 'htx' && (wanted === null || k.apiKey === wanted),
        );
        return v2(keys.map(apiKeyRecord));
      }
      case '/v1/account/accounts':
        return ok([
          { id: SPOT_ACCOUNT, type: 'spot', subtype: '', state: 'working' },
          { id: 10000002, type: 'point', subtype: '', state: 'working' },
        ]);
      case `/v1/account/accounts/${SPOT_ACCOUNT}/balance`:
        return ok({
          id: SPOT_ACCOUNT,
          type: 'spot',
          state: 'working',
          list: [
            { currency: 'usdt', type: 'trade', balance: '750.5', 'seq-num': '12' },
            { currency: 'usdt', type: 'frozen', balance: '49.5', 'seq-num': '12' },
            { currency: 'eth', type: 'trade', balance: '2', 'seq-num': '7' },
            { currency: 'eth', type: 'frozen', balance: '0', 'seq-num': '7' },
            { currency: 'ht', type: 'trade', balance: '0', 'seq-num': '0' },
          ],
        });
      // HTX: "Search for Existed Withdraws and Deposits" (type deposit | withdraw).
      case '/v1/query/deposit-withdraw':
        if (query.get('type') === 'deposit')
          return ok([
            {
              id: 75115912,
              type: 'deposit',
              'sub-type': 'NORMAL',
              currency: 'usdt',
              chain: 'trc20usdt',
              'tx-hash': 'a2e229a44ef2a948c874366230bb56aa73631cc0a03d177bd8b4c9d38262d7ff',
              amount: 12,
              'from-addr-tag': '',
              'address-id': 0,
              address: 'TRFTd1FxepQE6CnpwzUEMEbFaLm5bJK67s',
              'address-tag': '',
              fee: 0,
              state: 'safe',
              'wallet-confirm': 2,
              'created-at': 1700000600000,
              'updated-at': 1700000650000,
            },
          ]);
        if (query.get('type') === 'withdraw')
          return ok([
            {
              id: 61335312,
              type: 'withdraw',
              'sub-type': 'NORMAL',
              currency: 'eth',
              chain: 'eth',
              'tx-hash': '0x30a3111f2fead74fae45c6218ca3150fc33cab2aa59cfe41526b96aae79ce4ec',
              amount: 0.5,
              'from-addr-tag': '',
              'address-id': 27321591,
              address: '0x8a3d7c0b5e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b',
              'address-tag': '',
              fee: 0.002,
              state: 'confirmed',
              'created-at': 1700000700000,
              'updated-at': 1700000760000,
            },
          ]);
        return ok([]);
      default:
        return null;
    }
  },
};
