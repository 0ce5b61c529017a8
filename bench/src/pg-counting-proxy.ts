import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PgCountingProxy {
  /** The same connection string, through the proxy. */
  url: string;
  /** Statements sent since the last reset: extended-protocol Execute ('E') and simple Query ('Q'). */
  statements(): number;
  /** The SQL texts sent since the last reset (Parse and Query messages), first 160 characters. */
  texts(): string[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of PostgreSQL that reads what clients send (frontend messages: a type
 * byte and a 4-byte length, after an untyped startup message) and counts statements; replies
 * pass through untouched. No TLS: the bench's database is on 127.0.0.1.
 */
export async function startPgCountingProxy(databaseUrl: string): Promise<PgCountingProxy> {
  const target = new URL(databaseUrl);
  let count = 0;
  let texts: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === 'E' || type === 'Q') count += 1;
        if (type === 'Q' || type === 'P') texts.push(sqlText(buffer.subarray(5, 1 + length), type));
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.toString(),
    statements: () => count,
    texts: () => texts,
    reset: () => {
      count = 0;
      texts = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The SQL of a Query (its text) or a Parse (a statement name, then the text), C strings. */
function sqlText(payload: Buffer, type: string): string {
  const from = type === 'P' ? payload.indexOf(0) + 1 : 0;
  return payload.subarray(from, payload.indexOf(0, from)).toString('utf8').slice(0, 160);
}
