import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the database and the devnet with its Safe contracts', async () => {
    const reply = await t.client().get<{
      status: string;
      database: { reachable: boolean };
      chains: Array<{ chain_id: number; reachable: boolean; contracts_present: boolean }>;
    }>('/api/v1/health');
    expect(reply.code).toBe('OK');
    expect(reply.data.status).toBe('ok');
    expect(reply.data.database.reachable).toBe(true);
    const devnet = reply.data.chains.find((chain) => chain.chain_id === 31337);
    expect(devnet).toMatchObject({ reachable: true, contracts_present: true });
    const expected = inject('devnet')!.contracts;
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'safeSingleton',
        'safeProxyFactory',
        'multiSendCallOnly',
        'compatibilityFallbackHandler',
        'multicall3',
        'usdt',
      ]),
    );
  });

  it('says degraded (503, SERVICE_UNAVAILABLE_ERROR) when a chain is unreachable or a contract is missing', async () => {
    const broken = await createTestApp(
      {},
      {
        chains: [
          {
            family: 'EVM',
            chainId: 31337,
            name: 'gone',
            rpcUrl: 'http://127.0.0.1:9/',
            isDevnet: true,
            contracts: {},
          },
          {
            family: 'EVM',
            chainId: 31337,
            name: 'no code',
            rpcUrl: inject('devnet')!.rpcUrl,
            isDevnet: true,
            contracts: { nothing: '0x000000000000000000000000000000000000dEaD' },
          },
        ],
      },
    );
    try {
      const reply = await broken
        .client()
        .get<{ status: string; chains: Array<{ reachable: boolean; contracts_present: boolean | null }> }>(
          '/api/v1/health',
        );
      expect(reply.status).toBe(503);
      expect(reply.code).toBe('SERVICE_UNAVAILABLE_ERROR');
      expect(reply.data.status).toBe('degraded');
      expect(reply.data.chains[0]!.reachable).toBe(false);
      expect(reply.data.chains[1]!.contracts_present).toBe(false);
    } finally {
      await broken.close();
    }
  });
});

describe('platform endpoints', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/register',
        '/api/v1/health',
        '/api/web/v2/web-config',
      ]),
    );
    const login = (
      json.paths['/api/v1/login'] as {
        post: { requestBody: { content: Record<string, { schema: { required: string[] } }> } };
      }
    ).post;
    expect(login.requestBody.content['application/json']!.schema.required).toEqual(['email', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves Prometheus metrics with per-route counters', async () => {
    await t.client().get('/api/v1/language');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /keystead_http_requests_total\{route="\/api\/v1\/language",method="GET",status="200"\} \d+/,
    );
    expect(metrics.body).toContain('process_resident_memory_bytes');
  });

  it('lists the three languages and the runtime config', async () => {
    const languages = await t.client().get<{ list: Array<{ code: string }> }>('/api/v1/language');
    expect(languages.data.list.map((item) => item.code)).toEqual(['en-US', 'zh-CN', 'zh-HK']);
    const config = await t
      .client()
      .get<{ require_invite: boolean; dev_mode: boolean; client_version: string }>('/api/web/v2/web-config');
    expect(config.data).toMatchObject({ require_invite: false, dev_mode: true, client_version: '2.31.9' });
  });

  it('shows sent mail in the dev mailbox as a page and as JSON', async () => {
    const { queueMail } = await import('../mail/mail.service');
    await queueMail(
      t.ctx.db,
      { to: 'box@example.com', subject: 'Hello <b>', text: 'Body & more', category: 'test' },
      false,
    );
    const json = await t
      .client()
      .get<{ list: Array<{ subject: string }> }>('/dev/mailbox/json', { to: 'box@example.com' });
    expect(json.data.list[0]!.subject).toBe('Hello <b>');
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Hello &lt;b&gt;');
  });

  it('has no dev mailbox in production', async () => {
    const prod = await createTestApp(
      {
        NODE_ENV: 'production',
        APP_SECRET: 'p'.repeat(40),
        AUDIT_HMAC_KEY: 'a'.repeat(40),
        PAYMENT_MASTER_KEY: 'm'.repeat(40),
        EXCHANGE_SECRET_KEY: 'e'.repeat(40),
      },
      { chains: [] },
    );
    try {
      const reply = await prod.client().get('/dev/mailbox/json');
      expect(reply.code).toBe('ROUTE_NOT_FOUND_ERROR');
      const config = await prod.client().get<{ dev_mode: boolean }>('/api/web/v2/web-config');
      expect(config.data.dev_mode).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
