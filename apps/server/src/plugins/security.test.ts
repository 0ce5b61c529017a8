import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { chains: [] });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a CSP that forbids framing and foreign scripts', async () => {
    const reply = await t.client().get('/api/v1/language');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the request came over TLS', async () => {
    const plain = await t.client().get('/api/v1/language');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t
      .client()
      .request('GET', '/api/v1/language', undefined, { 'x-forwarded-proto': 'https' });
    expect(tls.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the token header', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/logout', payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_TOKEN_ERROR');
  });

  it('refuses a forged token even when cookie and header agree', async () => {
    const forged = 'abc.def';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: `${CSRF_COOKIE}=${forged}`, 'x-csrf-token': forged },
      payload: {},
    });
    expect(response.json().code).toBe('CSRF_TOKEN_ERROR');
  });

  it('issues a token cookie that the client can echo', async () => {
    const client = t.client();
    await client.get('/api/web/v2/web-config');
    expect(client.cookies.get(CSRF_COOKIE)).toMatch(/^[\w-]+\.[0-9a-f]{32}$/);
    // With the token, the same POST passes CSRF and reaches routing (404 here means "not CSRF").
    const reply = await client.post('/api/v1/definitely-not-a-route', {});
    expect(reply.code).toBe('ROUTE_NOT_FOUND_ERROR');
  });
});
