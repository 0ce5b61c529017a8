import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXCHANGE_IDS, type ExchangeId } from '@keystead/contract';
import { exchangeInfo, placeOrder, ticker24hr } from './exchange-stand-in-spot';
import { binanceFuturesAccount, binanceMarginAccount } from './exchange-stand-in-derivatives';
import { binanceFuturesPublic, binanceFuturesTrade, standInFutures } from './exchange-stand-in-futures';
import { bybit } from './exchange-stand-in-bybit';
import { bitget } from './exchange-stand-in-bitget';
import { gate } from './exchange-stand-in-gate';
import { htx } from './exchange-stand-in-htx';
import { coinbase } from './exchange-stand-in-coinbase';
import {
  hmac,
  sameText,
  type Answer,
  type ExchangeStandIn,
  type StandInExchange,
  type StandInKey,
  type StandInRequest,
} from './exchange-stand-in-common';

export type { ExchangeStandIn, StandInKey, StandInRequest } from './exchange-stand-in-common';

/**
 * A local STAND-IN for exchanges' REST APIs (Binance and OKX here; others in their own
 * exchange-stand-in-<id>.ts, served under /<id>), which the real `ccxt` client reaches through
 * EXCHANGE_API_URLS_JSON. It is not an exchange: it answers the few endpoints the exchange module
 * calls with the shapes the exchanges document (and ccxt's own recorded static responses), and it
 * checks what ccxt sends with its OWN code, not ccxt's:
 *  - Binance (signed endpoints): the X-MBX-APIKEY header names a known key; `timestamp` is within
 *    the receive window; `signature` is the hex HMAC-SHA256, under the key's secret, of the query
 *    string (plus the form body) without the signature parameter.
 *  - OKX (private endpoints): OK-ACCESS-KEY names a known key; OK-ACCESS-PASSPHRASE is its
 *    passphrase; OK-ACCESS-TIMESTAMP is an ISO time within 30 s; OK-ACCESS-SIGN is the base64
 *    HMAC-SHA256 of timestamp + method + request path (with query) + body.
 * A wrong key, secret or passphrase is answered as the exchanges do (Binance -2015 / -1022, OKX
 * 50111 / 50113 / 50105, HTTP 401/400). `mode` 'reset' drops every connection (exchange
 * unreachable) and 'hang' never answers (a timeout). Every request is kept in `requests`.
 */

const NOW = () => Date.now();

/** `a=1&signature=xx&b=2` → `a=1&b=2` and the signature, keeping the other parameters' raw bytes. */
function splitSignature(raw: string): { rest: string; signature: string | null } {
  let signature: string | null = null;
  const rest = raw
    .split('&')
    .filter((part) => {
      if (part.startsWith('signature=')) {
        signature = part.slice('signature='.length);
        return false;
      }
      return part !== '';
    })
    .join('&');
  return { rest, signature };
}

/** Exchanges served under a path prefix: EXCHANGE_API_URLS_JSON maps `id` to `${url}/${id}`. */
const PREFIXED: Partial<Record<ExchangeId, StandInExchange>> = {
  bybit,
  bitget,
  gate,
  htx,
  coinbase,
};

/** EXCHANGE_API_URLS_JSON sending every exchange's ccxt client to the stand-in. */
export function standInUrls(stand: ExchangeStandIn): string {
  return JSON.stringify(Object.fromEntries(EXCHANGE_IDS.map((id) => [id, standInUrl(stand, id)])));
}

/** The base URL to give ccxt for an exchange of the stand-in. */
export function standInUrl(stand: ExchangeStandIn, id: ExchangeId): string {
  return PREFIXED[id] ? `${stand.url}/${id}` : stand.url;
}

function binanceAuth(
  state: ExchangeStandIn,
  headers: http.IncomingHttpHeaders,
  rawQuery: string,
  rawBody: string,
): { key: StandInKey | null; problems: string[]; answer: Answer | null } {
  const apiKey = String(headers['x-mbx-apikey'] ?? '');
  const key = state.keys.get(apiKey);
  if (!key || key.exchange !== 'binance')
    return {
      key: null,
      problems: ['unknown X-MBX-APIKEY'],
      answer: { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } },
    };
  const query = splitSignature(rawQuery);
  const body = splitSignature(rawBody);
  const signature = query.signature ?? body.signature;
  const total = [query.rest, body.rest].filter(Boolean).join('');
  const params = new URLSearchParams(total);
  const timestamp = Number(params.get('timestamp'));
  const recvWindow = Number(params.get('recvWindow') ?? 5000);
  if (!Number.isFinite(timestamp) || Math.abs(NOW() - timestamp) > recvWindow)
    return {
      key,
      problems: ['timestamp outside recvWindow'],
      answer: {
        status: 400,
        body: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
      },
    };
  if (!signature || !sameText(signature, hmac(key.secret, total, 'hex')))
    return {
      key,
      problems: ['bad HMAC-SHA256 signature'],
      answer: { status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } },
    };
  return { key, problems: [], answer: null };
}

function okxAuth(
  state: ExchangeStandIn,
  method: string,
  headers: http.IncomingHttpHeaders,
  requestPath: string,
  rawBody: string,
): { key: StandInKey | null; problems: string[]; answer: Answer | null } {
  const fail = (problem: string, status: number, code: string, msg: string) => ({
    key: null,
    problems: [problem],
    answer: { status, body: { code, msg, data: [] } },
  });
  const key = state.keys.get(String(headers['ok-access-key'] ?? ''));
  if (!key || key.exchange !== 'okx')
    return fail('unknown OK-ACCESS-KEY', 401, '50111', 'Invalid OK-ACCESS-KEY');
  const timestamp = String(headers['ok-access-timestamp'] ?? '');
  const moment = Date.parse(timestamp);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(timestamp) || Math.abs(NOW() - moment) > 30_000)
    return fail('stale OK-ACCESS-TIMESTAMP', 401, '50102', 'Timestamp request expired');
  const expected = hmac(key.secret, `${timestamp}${method}${requestPath}${rawBody}`, 'base64');
  if (!sameText(String(headers['ok-access-sign'] ?? ''), expected))
    return fail('bad OK-ACCESS-SIGN', 401, '50113', 'Invalid Sign');
  if (!sameText(String(headers['ok-access-passphrase'] ?? ''), key.passphrase ?? ''))
    return fail('wrong OK-ACCESS-PASSPHRASE', 401, '50105', 'Invalid OK-ACCESS-PASSPHRASE');
  return { key, problems: [], answer: null };
}

/** Binance's documented replies (GET /sapi/v1/account/apiRestrictions, /api/v3/account, …). */
function binanceReply(method: string, path: string, key: StandInKey): Answer | null {
  const route = `${method} ${path}`;
  switch (route) {
    case 'GET /sapi/v1/account/apiRestrictions':
      return {
        status: 200,
        body: {
          ipRestrict: key.ipRestricted ?? false,
          createTime: 1698645219000,
          enableReading: true,
          enableWithdrawals: key.kind === 'withdraw',
          enableInternalTransfer: false,
          enableMargin: false,
          enableFutures: false,
          permitsUniversalTransfer: false,
          enableVanillaOptions: false,
          enableFixApiTrade: false,
          enableFixReadOnly: false,
          enableSpotAndMarginTrading: key.kind === 'trade',
          enablePortfolioMarginTrading: false,
        },
      };
    case 'GET /api/v3/account':
      return {
        status: 200,
        body: {
          makerCommission: 15,
          takerCommission: 15,
          buyerCommission: 0,
          sellerCommission: 0,
          canTrade: key.kind !== 'read',
          canWithdraw: key.kind === 'withdraw',
          canDeposit: true,
          updateTime: 1700000000000,
          accountType: 'SPOT',
          balances: [
            { asset: 'BTC', free: '0.50000000', locked: '0.10000000' },
            { asset: 'USDT', free: '1000.00000000', locked: '0.00000000' },
            { asset: 'LTC', free: '0.00000000', locked: '0.00000000' },
          ],
          permissions: ['SPOT'],
          uid: 354937868,
        },
      };
    case 'GET /sapi/v1/margin/account':
      return binanceMarginAccount(key);
    case 'GET /fapi/v3/account':
      return binanceFuturesAccount(key);
    case 'POST /sapi/v1/asset/get-funding-asset':
      return {
        status: 200,
        body: [
          {
            asset: 'USDT',
            free: '250',
            locked: '0',
            freeze: '0',
            withdrawing: '0',
            btcValuation: '0.0025',
          },
        ],
      };
    case 'GET /sapi/v1/capital/deposit/hisrec':
      return {
        status: 200,
        body: [
          {
            id: '769800519366885376',
            amount: '0.5',
            coin: 'BTC',
            network: 'BTC',
            status: 1,
            address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
            addressTag: '',
            txId: '98f3e2d2a1c1a3f09a1f3e5a7b9c2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c',
            insertTime: 1700000100000,
            transferType: 0,
            confirmTimes: '2/2',
            unlockConfirm: 2,
            walletType: 0,
          },
        ],
      };
    case 'GET /sapi/v1/capital/withdraw/history':
      return {
        status: 200,
        body: [
          {
            id: 'b6ae22b3aa844210a7041aee7589627c',
            amount: '8.91000000',
            transactionFee: '0.004',
            coin: 'USDT',
            status: 6,
            address: '0x94df8b352de7f46f64b01d3666bf6e936e44ce60',
            txId: '0xb5ef8c13b968a406cc62a93a8bd80f9e9a906ef1b3fcf20a2e48573c17659268',
            applyTime: '2023-11-14 22:13:20',
            network: 'ETH',
            transferType: 0,
            info: '',
            confirmNo: 12,
            walletType: 0,
            txKey: '',
            completeTime: '2023-11-14 22:15:00',
          },
        ],
      };
    default:
      return null;
  }
}

/** OKX's documented replies (GET /api/v5/account/config, /account/balance, /asset/…). */
function okxReply(path: string, key: StandInKey): Answer | null {
  const ok = (data: unknown[]) => ({ status: 200, body: { code: '0', msg: '', data } });
  const perm = { read: 'read_only', trade: 'read_only,trade', withdraw: 'read_only,withdraw' }[key.kind];
  switch (path) {
    case '/api/v5/account/config':
      return ok([
        {
          acctLv: key.okxAccountLevel ?? '1',
          autoLoan: false,
          ctIsoMode: 'automatic',
          greeksType: 'PA',
          ip: key.ipRestricted ? '203.0.113.7' : '',
          kycLv: '3',
          label: 'keystead test',
          level: 'Lv1',
          levelTmp: '',
          mainUid: '44705892343619584',
          mgnIsoMode: 'automatic',
          opAuth: '0',
          perm,
          posMode: 'long_short_mode',
          roleType: '0',
          spotRoleType: '0',
          traderInsts: [],
          uid: '44705892343619584',
        },
      ]);
    case '/api/v5/account/balance':
      return ok([
        {
          adjEq: '',
          details: [
            {
              availBal: '1.2',
              availEq: '1.2',
              cashBal: '1.5',
              ccy: 'ETH',
              crossLiab: '',
              disEq: '4500',
              eq: '1.5',
              eqUsd: '4500',
              frozenBal: '0.3',
              interest: '',
              isoEq: '0',
              liab: '',
              ordFrozen: '0.3',
              uTime: '1700000000000',
              upl: '0',
            },
          ],
          imr: '',
          isoEq: '0',
          mgnRatio: '',
          mmr: '',
          notionalUsd: '',
          ordFroz: '',
          totalEq: '4500',
          uTime: '1700000000000',
        },
      ]);
    case '/api/v5/asset/balances':
      return ok([{ availBal: '300', bal: '300', ccy: 'USDT', frozenBal: '0' }]);
    case '/api/v5/asset/deposit-history':
      return ok([
        {
          actualDepBlkConfirm: '17',
          amt: '135.705808',
          ccy: 'USDT',
          chain: 'USDT-TRC20',
          depId: '34579090',
          from: '',
          fromWdId: '',
          state: '2',
          to: 'TN4hGjVXMzy96hLsBVDAhjV6jVUBkQdXfU',
          ts: '1700000200000',
          txId: '6ee4c6dc1a6d3f44c2b1f9e6a5d0a3b8c7e4f2a1b0c9d8e7f6a5b4c3d2e1f0a9',
        },
      ]);
    case '/api/v5/asset/withdrawal-history':
      return ok([
        {
          chain: 'ETH-Ethereum',
          fee: '0.0007',
          ccy: 'ETH',
          clientId: '',
          amt: '0.029809',
          txId: '0x35c2aebd1ca9a2a2d1c7e58bd11a1f7cc3fdcc0a49a6e3b1fa7d3b2f0e1d9c8b',
          from: '',
          to: '0xa47ac2e0a8a3ad2d45a0a0b4e3f7d5c6b8a9e0f1',
          state: '2',
          ts: '1700000300000',
          wdId: '1268',
        },
      ]);
    default:
      return null;
  }
}

export async function startExchangeStandIn(): Promise<ExchangeStandIn> {
  const state = { keys: new Map(), requests: [], orders: [], mode: 'normal' } as unknown as ExchangeStandIn;
  state.futures = standInFutures();
  const server = http.createServer((request, response) => {
    if (state.mode === 'reset') {
      request.socket.destroy();
      return;
    }
    if (state.mode === 'hang') return;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawUrl = request.url ?? '/';
      const [path = '/', rawQuery = ''] = rawUrl.split('?', 2) as [string, string?];
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const method = request.method ?? 'GET';
      const send = ({ status, body }: Answer) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const prefix = path.split('/')[1] as ExchangeId;
      const other = PREFIXED[prefix];
      if (other) {
        const call = {
          method,
          path: path.slice(prefix.length + 1) || '/',
          rawQuery,
          rawBody,
          headers: request.headers,
        };
        const record: StandInRequest = {
          exchange: prefix,
          method,
          path: call.path,
          apiKey: null,
          problems: [],
        };
        state.requests.push(record);
        const open = other.publicReply(call);
        if (open) return send(open);
        const auth = other.authenticate(state, call);
        record.apiKey = auth.key?.apiKey ?? null;
        record.problems = auth.problems;
        if (auth.answer) return send(auth.answer);
        return send(other.reply(call, auth.key!, state) ?? { status: 404, body: { msg: `no ${call.path}` } });
      }
      const exchange = path.startsWith('/api/v5/') ? 'okx' : 'binance';
      const record: StandInRequest = { exchange, method, path, apiKey: null, problems: [] };
      state.requests.push(record);
      // Public endpoints.
      if (method === 'GET' && path === '/api/v3/time')
        return send({ status: 200, body: { serverTime: NOW() } });
      if (method === 'GET' && path === '/api/v3/exchangeInfo') return send(exchangeInfo());
      if (method === 'GET' && path === '/api/v3/ticker/24hr')
        return send(ticker24hr(new URLSearchParams(rawQuery)));
      const futuresPublic = binanceFuturesPublic(method, path, rawQuery);
      if (futuresPublic) return send(futuresPublic);
      if (method === 'GET' && path === '/api/v5/public/time')
        return send({ status: 200, body: { code: '0', msg: '', data: [{ ts: String(NOW()) }] } });
      if (exchange === 'binance') {
        const auth = binanceAuth(state, request.headers, rawQuery, rawBody);
        record.apiKey = auth.key?.apiKey ?? null;
        record.problems = auth.problems;
        if (auth.answer) return send(auth.answer);
        if (method === 'POST' && path === '/api/v3/order')
          return send(placeOrder(new URLSearchParams(`${rawQuery}&${rawBody}`), auth.key!, state.orders));
        const futures = binanceFuturesTrade(`${method} ${path}`, `${rawQuery}&${rawBody}`, auth.key!, state);
        if (futures) return send(futures);
        return send(
          binanceReply(method, path, auth.key!) ?? { status: 404, body: { code: -1000, msg: `no ${path}` } },
        );
      }
      const requestPath = rawQuery ? `${path}?${rawQuery}` : path;
      const auth = okxAuth(state, method, request.headers, requestPath, rawBody);
      record.apiKey = auth.key?.apiKey ?? null;
      record.problems = auth.problems;
      if (auth.answer) return send(auth.answer);
      return send(okxReply(path, auth.key!) ?? { status: 404, body: { code: '50000', msg: `no ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
