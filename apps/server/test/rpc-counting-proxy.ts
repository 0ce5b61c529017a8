import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** JSON-RPC requests forwarded since the last reset (a batch counts each call in it). */
  calls(): number;
  /** The same, by method. */
  methods(): Record<string, number>;
  reset(): void;
  close(): Promise<void>;
}

/** A JSON-RPC proxy on 127.0.0.1 that counts the calls it forwards to `target`. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  let byMethod = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | Array<{ method?: string }>;
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = call.method ?? '?';
          byMethod.set(method, (byMethod.get(method) ?? 0) + 1);
        }
      } catch {
        byMethod.set('(unparsed)', (byMethod.get('(unparsed)') ?? 0) + 1);
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (upstream) => {
          const reply = Buffer.from(await upstream.arrayBuffer());
          response.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/json',
          });
          response.end(reply);
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => [...byMethod.values()].reduce((sum, n) => sum + n, 0),
    methods: () => Object.fromEntries(byMethod),
    reset: () => {
      byMethod = new Map();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
