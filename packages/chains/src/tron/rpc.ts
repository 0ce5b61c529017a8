import { ChainError } from '../errors';

export type TronRpc = <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<T>;

/**
 * The full node's HTTP API (POST JSON to /wallet/…). Hosted providers (TronGrid) want their key
 * in the TRON-PRO-API-KEY header. A reply with an `Error` field is a node refusal.
 */
export function createTronRpc(url: string, apiKey?: string, timeoutMs = 10_000): TronRpc {
  const base = url.replace(/\/+$/, '');
  return async <T>(path: string, body: unknown = {}) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChainError('RPC_ERROR', `tron ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new ChainError('RPC_ERROR', `tron ${path}: HTTP ${response.status}`);
    const reply = (await response.json()) as T & { Error?: string };
    if (reply && typeof reply === 'object' && 'Error' in reply && reply.Error)
      throw new ChainError('RPC_ERROR', `tron ${path}: ${reply.Error}`);
    return reply;
  };
}
