// The HTTP side: JSON-RPC (POST, any path), the fixture control endpoints (POST /fixture/…),
// GET /health as on a validator, CORS so that a browser app on another origin can call it, and
// WebSocket upgrades for PubSub.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export type ControlAction = (body: Record<string, unknown>) => unknown;
type Upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    // web3.js sends a `solana-client` header, so allow whatever the preflight asks for.
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'access-control-max-age': '86400',
  };
}

export function createRpcServer(
  rpc: (body: unknown) => unknown,
  control: Record<string, ControlAction>,
  upgrade: Upgrade,
): Server {
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(req) });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req));
      return res.end();
    }
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain', ...corsHeaders(req) });
      return res.end('ok');
    }
    if (req.method !== 'POST') return send(405, { error: `solana devnet: ${req.method} not allowed` });

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      if (path.startsWith('/fixture/')) return send(400, { error: 'solana devnet: the body is not JSON' });
      return send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    if (!path.startsWith('/fixture/')) return send(200, rpc(body));
    const action = Object.hasOwn(control, path) ? control[path] : undefined;
    if (!action) return send(404, { error: `solana devnet: no fixture endpoint ${path}` });
    try {
      send(200, (await action((body ?? {}) as Record<string, unknown>)) ?? { ok: true });
    } catch (e) {
      send(400, { error: (e as Error).message });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: (e as Error).message }));
    });
  });
  server.on('upgrade', upgrade);
  return server;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
}

/**
 * Listens with `main` on `port` and with `companion` on the port after it, where web3.js looks
 * for the WebSocket endpoint of an http://host:port URL (as with a validator's 8899/8900).
 * With port 0, tries random ports until a free pair turns up.
 */
export async function listenPair(
  main: Server,
  companion: Server,
  port: number,
  host: string,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const actual = await listen(main, port, host);
    try {
      await listen(companion, actual + 1, host);
      return actual;
    } catch (e) {
      await closeServer(main);
      if (port !== 0 || attempt === 20) throw e;
    }
  }
}
