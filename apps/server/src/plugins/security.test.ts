import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE } from '@keystead/contract';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { loginWithEmailCode, PASSWORD } from '../../test/auth-helpers';
import { person } from '../../test/space-helpers';
import { loadConfig } from '../config';
import { issueCsrfToken } from './security';

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
    // The /dapp page frames a Safe App of its own origin: https ones only, by default.
    expect(csp).toContain('frame-src https:;');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the /dapp page frame the origins of DAPP_FRAME_ORIGINS too, and still nothing frame it', async () => {
    const framed = await createTestApp(
      { DAPP_FRAME_ORIGINS: 'http://127.0.0.1:5555, http://localhost:*' },
      { chains: [] },
    );
    try {
      const reply = await framed.client().get('/api/v1/language');
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain('frame-src https: http://127.0.0.1:5555 http://localhost:*;');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-frame-options']).toBe('DENY');
    } finally {
      await framed.close();
    }
  });

  it('lets the page reach the WalletConnect relay only when WalletConnect has a project id', async () => {
    const plain = await t.client().get<{ walletconnect: unknown }>('/api/web/v2/web-config');
    expect(plain.data.walletconnect).toBeNull();
    expect(String(plain.headers['content-security-policy'])).toContain(
      "connect-src 'self' http://localhost:21320 http://127.0.0.1:21320;",
    );
    const relay = 'ws://127.0.0.1:4444';
    const wc = await createTestApp(
      { WALLETCONNECT_PROJECT_ID: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', WALLETCONNECT_RELAY_URL: relay },
      { chains: [] },
    );
    try {
      const reply = await wc.client().get<{ walletconnect: unknown }>('/api/web/v2/web-config');
      expect(reply.data.walletconnect).toEqual({
        project_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        relay_url: relay,
      });
      expect(String(reply.headers['content-security-policy'])).toContain(
        `connect-src 'self' http://localhost:21320 http://127.0.0.1:21320 ${relay};`,
      );
    } finally {
      await wc.close();
    }
    for (const bad of [
      { WALLETCONNECT_RELAY_URL: 'https://relay.example' },
      { WALLETCONNECT_RELAY_URL: 'wss://relay.example/path?x=1' },
      { WALLETCONNECT_PROJECT_ID: 'not an id!' },
    ])
      expect(() => loadConfig({ ...bad })).toThrow(/WALLETCONNECT/);
  });

  it('refuses a DAPP_FRAME_ORIGINS entry that is not a bare origin', () => {
    for (const bad of [
      '127.0.0.1:5555',
      'http://a.example/path',
      "'unsafe-inline'",
      'http://a.example; script-src *',
    ])
      expect(() => loadConfig({ DAPP_FRAME_ORIGINS: bad })).toThrow(/DAPP_FRAME_ORIGINS/);
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

describe('CSRF token bound to the session', () => {
  /** A POST with this session cookie and this token in both the cookie and the header. */
  function postWith(sessionToken: string | undefined, csrf: string) {
    const cookies = [
      `${CSRF_COOKIE}=${csrf}`,
      ...(sessionToken ? [`${SESSION_COOKIE}=${sessionToken}`] : []),
    ];
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/language',
      headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf },
      payload: { code: 'zh-CN' },
    });
  }
  const cookieOf = (client: TestClient, name: string) => client.cookies.get(name)!;

  it("refuses another session's token, and a token minted without a session", async () => {
    const victim = await person(t, { prefix: 'victim' });
    const attacker = await person(t, { prefix: 'attacker' });
    const victimSession = cookieOf(victim.client, SESSION_COOKIE);
    const attackerToken = cookieOf(attacker.client, CSRF_COOKIE);
    const foreign = await postWith(victimSession, attackerToken);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CSRF_TOKEN_ERROR');
    // A fresh visitor's valid pair (bound to no session) does not pass beside a session either.
    const stranger = t.client();
    await stranger.get('/api/web/v2/web-config');
    const anonymous = await postWith(victimSession, cookieOf(stranger, CSRF_COOKIE));
    expect(anonymous.json().code).toBe('CSRF_TOKEN_ERROR');
    // Nor a token signed with the right secret for another session's cookie value.
    const minted = issueCsrfToken(t.ctx.config.appSecret, cookieOf(attacker.client, SESSION_COOKIE));
    expect((await postWith(victimSession, minted)).json().code).toBe('CSRF_TOKEN_ERROR');
    // Nothing changed for the victim.
    const me = await victim.client.get<{ language_code: string }>('/api/v1/user/base-info');
    expect(me.data.language_code).toBe('en-US');
  });

  it("accepts the session's own token, and re-issues one that does not fit the session", async () => {
    const owner = await person(t, { prefix: 'owner' });
    const session = cookieOf(owner.client, SESSION_COOKIE);
    const own = await postWith(session, cookieOf(owner.client, CSRF_COOKIE));
    expect(own.statusCode).toBe(200);
    expect(own.json().code).toBe('OK');
    // A GET with a token of no session gets a new cookie that fits the session.
    const stranger = t.client();
    await stranger.get('/api/web/v2/web-config');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/web/v2/web-config',
      headers: { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${cookieOf(stranger, CSRF_COOKIE)}` },
    });
    const reissued = read.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
    expect((await postWith(session, reissued)).json().code).toBe('OK');
  });

  it('re-issues the token on login and logout, so the next POST passes at once', async () => {
    const { email } = await person(t, { prefix: 'relogin' });
    const client = t.client();
    await client.get('/api/web/v2/web-config');
    const before = cookieOf(client, CSRF_COOKIE);
    // Password → e-mail code → verify: each step's reply changes the session cookie and the token.
    await loginWithEmailCode(t, client, email);
    const after = cookieOf(client, CSRF_COOKIE);
    expect(after).not.toBe(before);
    expect((await client.post('/api/v1/language', { code: 'zh-HK' })).code).toBe('OK');
    // The token of the anonymous visit no longer passes for the signed-in session.
    expect((await postWith(cookieOf(client, SESSION_COOKIE), before)).json().code).toBe('CSRF_TOKEN_ERROR');
    expect((await client.post('/api/v1/logout', {})).code).toBe('OK');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(cookieOf(client, CSRF_COOKIE)).not.toBe(after);
    // Signed out, the re-issued token serves the next login without a page load in between.
    const login = await client.post('/api/v1/login', { email, password: PASSWORD });
    expect(login.code).toBe('OK');
  });
});
