import { BitcoinError } from './errors';

/** A JSON-RPC error answered by the node (code and message as Bitcoin Core sends them). */
export class BitcoinRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly method: string,
  ) {
    super(`${method}: ${message} (code ${code})`);
    this.name = 'BitcoinRpcError';
  }
}

export interface BitcoinRpc {
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Bitcoin Core-compatible JSON-RPC over HTTP. Credentials may sit in the URL
 * (http://user:pass@host:port); they are moved into an Authorization header because fetch does
 * not accept URLs with credentials.
 */
export function createBitcoinRpc(url: string, opts: { timeoutMs?: number } = {}): BitcoinRpc {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new BitcoinError('INVALID_ARGUMENT', 'bad RPC URL', { cause: error });
  }
  const auth = parsed.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
    : undefined;
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString();
  let nextId = 1;
  return {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          body: JSON.stringify({ jsonrpc: '1.0', id: nextId++, method, params }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        throw new BitcoinError('RPC_ERROR', `${method}: node unreachable`, { cause: error });
      }
      if (response.status === 401 || response.status === 403)
        throw new BitcoinError('RPC_ERROR', `${method}: RPC credentials refused`);
      const text = await response.text();
      let body: { result?: T; error?: { code: number; message: string } | null };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new BitcoinError('RPC_ERROR', `${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
      }
      if (body.error) throw new BitcoinRpcError(body.error.code, body.error.message, method);
      return body.result as T;
    },
  };
}

/** Node amounts (coins, JSON number with 8 decimals) → satoshis, without float drift. */
export function coinsToSats(amount: number): bigint {
  const [whole, frac = ''] = amount.toFixed(8).split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * 100_000_000n + BigInt(frac.padEnd(8, '0')));
}
