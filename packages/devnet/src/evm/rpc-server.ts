// Minimal JSON-RPC over HTTP in front of the journaled provider (Hardhat's own `node` server
// cannot be put in front of a journal). Listens on 127.0.0.1 only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RpcError } from './journaled-provider';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type RpcHandler = (method: string, params: unknown[]) => Promise<unknown>;

interface RpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export async function startRpcServer(
  handle: RpcHandler,
  port: number,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    void serve(handle, req, res);
  });
  // Keep-alive sockets must not hold stop() up.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, port: (server.address() as AddressInfo).port };
}

export function closeRpcServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function serve(handle: RpcHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Browsers (the web app's devnet signer) call the node cross-origin, as they do Hardhat's node.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  if (req.method !== 'POST') return send(res, 200, { status: 'ok', chain: 'hardhat', chainId: 31337 });

  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    return send(res, 200, failure(null, new RpcError(-32700, `Parse error: ${String(error)}`)));
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return send(res, 200, failure(null, new RpcError(-32600, 'Empty batch')));
    const replies = [];
    // In order: a batch of transactions keeps its nonce order.
    for (const item of body) replies.push(await answer(handle, item as RpcRequest));
    return send(res, 200, replies);
  }
  return send(res, 200, await answer(handle, body as RpcRequest));
}

async function answer(handle: RpcHandler, request: RpcRequest): Promise<object> {
  const id = request?.id ?? null;
  if (typeof request !== 'object' || request === null || typeof request.method !== 'string') {
    return failure(id, new RpcError(-32600, 'Invalid request'));
  }
  const params = request.params === undefined ? [] : request.params;
  if (!Array.isArray(params)) return failure(id, new RpcError(-32602, 'params must be an array'));
  try {
    const result = await handle(request.method, params);
    return { jsonrpc: '2.0', id, result: result === undefined ? null : result };
  } catch (error) {
    return failure(id, error);
  }
}

function failure(id: unknown, error: unknown): object {
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  const code = typeof e.code === 'number' ? e.code : -32603;
  const message = typeof e.message === 'string' ? e.message : String(error);
  return {
    jsonrpc: '2.0',
    id,
    error: e.data === undefined ? { code, message } : { code, message, data: e.data },
  };
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload, (_key, value: unknown) =>
    typeof value === 'bigint' ? `0x${value.toString(16)}` : value,
  );
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
