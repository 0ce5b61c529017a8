import { Client } from 'xrpl';
import { ChainError } from '../errors';

/** A rippled error reply (actNotFound, txnNotFound …): the ledger answered, with a refusal. */
export class XrplRefusal extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'XrplRefusal';
  }
}

export type XrplRpc = <T = Record<string, unknown>>(
  method: string,
  params?: Record<string, unknown>,
) => Promise<T>;

interface RpcResult {
  status?: string;
  error?: string;
  error_message?: string;
  error_exception?: string;
}

const refusalOf = (method: string, result: RpcResult) =>
  new XrplRefusal(
    result.error ?? 'error',
    `xrpl ${method}: ${result.error_message ?? result.error_exception ?? result.error ?? 'refused'}`,
  );

/** rippled's JSON-RPC over HTTP(S): POST {method, params: [{…}]} → {result}. */
function httpRpc(url: string, timeoutMs: number): XrplRpc {
  return async <T>(method: string, params: Record<string, unknown> = {}) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, params: [params] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChainError('RPC_ERROR', `xrpl ${method}: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new ChainError('RPC_ERROR', `xrpl ${method}: HTTP ${response.status}`);
    const { result } = (await response.json()) as { result?: T & RpcResult };
    if (!result) throw new ChainError('RPC_ERROR', `xrpl ${method}: no result`);
    if (result.status === 'error' || result.error) throw refusalOf(method, result);
    return result;
  };
}

/** rippled's WebSocket API through xrpl.js's client: one connection, opened on first use. */
function socketRpc(url: string, timeoutMs: number): XrplRpc {
  const client = new Client(url, { timeout: timeoutMs, connectionTimeout: timeoutMs });
  return async <T>(method: string, params: Record<string, unknown> = {}) => {
    try {
      if (!client.isConnected()) await client.connect();
      const reply = await client.request({ command: method, ...params } as never);
      return (reply as { result: T }).result;
    } catch (error) {
      const data = (error as { data?: RpcResult }).data;
      if (data?.error) throw refusalOf(method, data);
      throw new ChainError('RPC_ERROR', `xrpl ${method}: ${(error as Error).message}`, { cause: error });
    }
  };
}

/** XRPL_RPC_URL: http(s):// for JSON-RPC, ws(s):// for the WebSocket API (public servers offer both). */
export function createXrplRpc(url: string, timeoutMs = 10_000): XrplRpc {
  return /^wss?:\/\//i.test(url) ? socketRpc(url, timeoutMs) : httpRpc(url, timeoutMs);
}

export const isRefusal = (error: unknown, code?: string): error is XrplRefusal =>
  error instanceof XrplRefusal && (code === undefined || error.error === code);
