// JSON-RPC 2.0 plumbing shared by the methods: the reply envelope, batches, and parameter checks.
import { PublicKey } from '@solana/web3.js';
import type { Chain } from './chain.js';
import { invalidParams, RpcError } from './errors.js';

export type Method = (params: unknown[]) => unknown;
export type Config = Record<string, unknown>;

interface Reply {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function errorReply(id: unknown, code: number, message: string, data?: unknown): Reply {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** The reply to a request body: one reply, or an array of them for a batch. */
export function answer(methods: Record<string, Method>, body: unknown): Reply | Reply[] {
  if (!Array.isArray(body)) return answerOne(methods, body);
  if (body.length === 0) return errorReply(null, -32600, 'Invalid request');
  return body.map((request) => answerOne(methods, request));
}

function answerOne(methods: Record<string, Method>, request: unknown): Reply {
  if (typeof request !== 'object' || request === null) return errorReply(null, -32600, 'Invalid request');
  const { id = null, method, params = [] } = request as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== 'string' || !Array.isArray(params)) return errorReply(id, -32600, 'Invalid request');
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return errorReply(id, -32601, 'Method not found');
  try {
    return { jsonrpc: '2.0', id, result: handler(params) };
  } catch (e) {
    if (e instanceof RpcError) return errorReply(id, e.code, e.message, e.data);
    return errorReply(id, -32603, `Internal error: ${(e as Error).message}`);
  }
}

/** `{context: {slot}, value}`, the shape of every reply that is tied to a slot. */
export const withContext = (chain: Chain, value: unknown) => ({ context: { slot: chain.slot }, value });

/** The base58 address at params[index]. */
export function addressParam(params: unknown[], index = 0): string {
  const value = params[index];
  try {
    if (typeof value !== 'string') throw new Error();
    return new PublicKey(value).toBase58();
  } catch {
    throw invalidParams(`invalid address: ${String(value)}`);
  }
}

/** The configuration object at params[index] ({} when absent). */
export function configParam(params: unknown[], index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('the configuration must be an object');
  return value as Config;
}
