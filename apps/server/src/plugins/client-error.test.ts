/**
 * What Node's HTTP parser refuses before Fastify sees it still gets the envelope: a query string
 * over the 16 KB header limit (431) and a malformed request line (400), over a real socket.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const envelopeOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { code: string };

describe('replies outside Fastify', () => {
  it('a query string over 16 KB: 431 in the envelope', async () => {
    const answer = await raw(`GET /api/v1/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431')).toBe(true);
    expect(envelopeOf(answer).code).toBe('REQUEST_BODY_TOO_LARGE_ERROR');
  });

  it('a malformed request: 400 in the envelope', async () => {
    const answer = await raw('NOT-HTTP \x01\x02\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect(envelopeOf(answer).code).toBe('PARAMS_INVALID_ERROR');
  });
});
