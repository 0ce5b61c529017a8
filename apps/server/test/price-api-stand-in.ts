import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a CoinGecko-compatible price API (/simple/price, /exchange_rates). It
 * checks what the client sends with its own rules — the path, `ids`, `vs_currencies=usd`, the
 * key header — and answers from `prices` (by coin id) and `btcRates` (currency → units per BTC),
 * or fails with `failWith` (e.g. 429, the API's rate limit). Every request is kept in `requests`.
 */
export interface PriceApiStandIn {
  url: string;
  prices: Record<string, unknown>;
  btcRates: Record<string, number>;
  failWith: number | null;
  requests: Array<{
    path: string;
    query: Record<string, string>;
    key: string | undefined;
    problems: string[];
  }>;
  close(): Promise<void>;
}

export async function startPriceApiStandIn(expectedKey: string): Promise<PriceApiStandIn> {
  const state: Omit<PriceApiStandIn, 'url' | 'close'> = {
    prices: {},
    btcRates: {},
    failWith: null,
    requests: [],
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams.entries());
    const key = request.headers['x-cg-demo-api-key'] as string | undefined;
    const problems: string[] = [];
    if (key !== expectedKey) problems.push('missing or wrong x-cg-demo-api-key');
    if (request.method !== 'GET') problems.push(`method ${request.method}`);
    state.requests.push({ path: url.pathname, query, key, problems });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (problems.length > 0) return send(401, { error: problems.join('; ') });
    if (state.failWith) return send(state.failWith, { status: { error_code: state.failWith } });
    if (url.pathname === '/api/v3/simple/price') {
      if (query.vs_currencies !== 'usd') return send(400, { error: 'vs_currencies must be usd' });
      const ids = (query.ids ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || new Set(ids).size !== ids.length) return send(400, { error: 'ids' });
      return send(
        200,
        Object.fromEntries(
          ids.filter((id) => id in state.prices).map((id) => [id, { usd: state.prices[id] }]),
        ),
      );
    }
    if (url.pathname === '/api/v3/exchange_rates')
      return send(200, {
        rates: Object.fromEntries(
          Object.entries(state.btcRates).map(([currency, value]) => [
            currency,
            { name: currency, unit: currency, value, type: 'fiat' },
          ]),
        ),
      });
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
