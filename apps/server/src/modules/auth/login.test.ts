import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  allowResend,
  bindAuthenticatorWithCode,
  loginWithEmailCode,
  readCode,
  registerUser,
  sendCode,
  solveCaptcha,
  totpNow,
  uniqueEmail,
} from '../../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loginTiming } from './login.service';

let t: TestApp;
/** The slow-down of wrong answers is recorded, not waited for. */
const delays: number[] = [];
const realDelay = loginTiming.delay;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
  loginTiming.delay = async (ms) => {
    delays.push(ms);
  };
});
afterAll(async () => {
  loginTiming.delay = realDelay;
  await t.close();
});

async function newAccount(): Promise<string> {
  const email = uniqueEmail('login');
  await registerUser(t, t.client(), email);
  return email;
}

describe('password step', () => {
  it('answers UCS_USER_PASSWORD_MISTAKE alike for a wrong password and an unknown e-mail', async () => {
    const email = await newAccount();
    const wrong = await t.client().post('/api/v1/login', { email, password: 'Wrong-pass-1' });
    const unknown = await t
      .client()
      .post('/api/v1/login', { email: uniqueEmail('nobody'), password: 'Wrong-pass-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe('UCS_USER_PASSWORD_MISTAKE');
    expect(unknown.code).toBe('UCS_USER_PASSWORD_MISTAKE');
    expect(wrong.message).toBe(unknown.message);
  });

  it('asks for a captcha after 3 failures for the account, from any address', async () => {
    const email = await newAccount();
    for (let i = 0; i < 3; i += 1)
      await t.client().post('/api/v1/login', { email, password: 'Wrong-pass-1' });
    const fresh = t.client();
    const captcha = await fresh.get<{ captcha: string | null }>('/api/v1/captcha', {
      category: 'login',
      email,
    });
    expect(captcha.data.captcha).not.toBeNull();
    const blocked = await fresh.post('/api/v1/login', { email, password: PASSWORD });
    expect(blocked.code).toBe('CAPTCHA_REQUIRED_ERROR');
    await solveCaptcha(fresh, 'login', email);
    const ok = await fresh.post('/api/v1/login', { email, password: PASSWORD });
    expect(ok.code).toBe('OK');
  });

  it('does not ask for a captcha before any failure', async () => {
    const email = await newAccount();
    const captcha = await t
      .client()
      .get<{ captcha: string | null }>('/api/v1/captcha', { category: 'login', email });
    expect(captcha.data.captcha).toBeNull();
  });

  it('makes the address that guessed 10 times wait 15 minutes (429), for that account', async () => {
    const email = await newAccount();
    let last;
    for (let i = 0; i < 11; i += 1) {
      const client = t.client({ ip: '203.0.113.10' });
      if (i >= 3) await solveCaptcha(client, 'login', email);
      last = await client.post('/api/v1/login', { email, password: 'Wrong-pass-1' });
    }
    expect(last!.status).toBe(429);
    expect(last!.code).toBe('TOO_MANY_REQUESTS_ERROR');
  });

  it('never locks the owner out: after 10 failures elsewhere the right password with a fresh captcha works', async () => {
    const email = await newAccount();
    delays.length = 0;
    for (let i = 0; i < 12; i += 1) {
      const attacker = t.client({ ip: `198.51.100.${i <= 10 ? 7 : 8}` });
      if (i >= 3) await solveCaptcha(attacker, 'login', email);
      const reply = await attacker.post('/api/v1/login', { email, password: 'Wrong-pass-1' });
      expect(reply.code).toBe(i === 10 ? 'TOO_MANY_REQUESTS_ERROR' : 'UCS_USER_PASSWORD_MISTAKE');
    }
    // Wrong answers on the account under attack came more and more slowly.
    expect(delays).toEqual([250, 500, 750, 1000, 1250, 1500, 1750, 2000]);
    const owner = t.client({ ip: '192.0.2.44' });
    // The account is under attack: a captcha first, from any address…
    expect((await owner.post('/api/v1/login', { email, password: PASSWORD })).code).toBe(
      'CAPTCHA_REQUIRED_ERROR',
    );
    await solveCaptcha(owner, 'login', email);
    // …and then the right password is accepted.
    const ok = await owner.post<{ second_factor: string }>('/api/v1/login', { email, password: PASSWORD });
    expect(ok.code).toBe('OK');
    expect(ok.data.second_factor).toBe('email');
  });

  it('asks an address for a captcha after 3 failures across accounts', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 3; i += 1)
      await t.client({ ip }).post('/api/v1/login', { email: uniqueEmail('spray'), password: 'Wrong-pass-1' });
    const email = await newAccount();
    expect((await t.client({ ip }).post('/api/v1/login', { email, password: PASSWORD })).code).toBe(
      'CAPTCHA_REQUIRED_ERROR',
    );
    expect(
      (await t.client({ ip: '203.0.113.78' }).post('/api/v1/login', { email, password: PASSWORD })).code,
    ).toBe('OK');
  });
});

describe('second factor', () => {
  it('a password alone does not sign in', async () => {
    const email = await newAccount();
    const client = t.client();
    const login = await client.post<{ second_factor: string; other_device_login: boolean }>('/api/v1/login', {
      email,
      password: PASSWORD,
    });
    expect(login.data).toEqual({ second_factor: 'email', other_device_login: true });
    expect(client.cookies.get('ks_login_mfa')).toBe('0');
    const me = await client.get('/api/v1/user/base-info');
    expect(me.status).toBe(401);
    expect(me.code).toBe('UCS_USER_AUTHENTICATION');
  });

  it('signs in with the e-mail code and rotates the session token', async () => {
    const email = await newAccount();
    const client = t.client();
    await client.post('/api/v1/login', { email, password: PASSWORD });
    const pendingToken = client.cookies.get('ks_session');
    await allowResend(t, email);
    await sendCode(client, 'login');
    const verify = await client.post('/api/v1/email-mfa/verify', {
      category: 'login',
      email_code: await readCode(t, email),
    });
    expect(verify.code).toBe('OK');
    expect(client.cookies.get('ks_session')).not.toBe(pendingToken);
    expect((await client.get('/api/v1/user/base-info')).code).toBe('OK');
    // The pre-second-factor token is worthless now.
    const stale = t.client();
    stale.cookies.set('ks_session', pendingToken!);
    expect((await stale.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
  });

  it('ends the pending login after 3 wrong codes', async () => {
    const email = await newAccount();
    const client = t.client();
    await client.post('/api/v1/login', { email, password: PASSWORD });
    await allowResend(t, email);
    await sendCode(client, 'login');
    const code = await readCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await client.post<{ remaining_attempts: number }>('/api/v1/email-mfa/verify', {
      category: 'login',
      email_code: wrong,
    });
    expect(first.code).toBe('AUTHENTICATION_CODE_ERROR');
    expect(first.data.remaining_attempts).toBe(2);
    await client.post('/api/v1/email-mfa/verify', { category: 'login', email_code: wrong });
    const third = await client.post<{ remaining_attempts: number }>('/api/v1/email-mfa/verify', {
      category: 'login',
      email_code: wrong,
    });
    expect(third.data.remaining_attempts).toBe(0);
    expect(client.cookies.has('ks_session')).toBe(false);
    const late = await client.post('/api/v1/email-mfa/verify', { category: 'login', email_code: code });
    expect(late.code).toBe('LOGIN_EXPIRED_ERROR');
  });

  it('uses the authenticator once bound, and refuses a replayed code', async () => {
    const email = await newAccount();
    const owner = t.client();
    await loginWithEmailCode(t, owner, email);
    const { secret, code: spent } = await bindAuthenticatorWithCode(t, owner, email);
    expect((await owner.get<{ mfa_bound: boolean }>('/api/v1/user/base-info')).data.mfa_bound).toBe(true);

    const client = t.client();
    const login = await client.post<{ second_factor: string }>('/api/v1/login', {
      email,
      password: PASSWORD,
    });
    expect(login.data.second_factor).toBe('totp');
    expect(client.cookies.get('ks_login_mfa')).toBe('1');
    // The code used for binding is spent: its time step cannot sign in again (the binding's own
    // code, not "now": under load the 30 s step may have turned since).
    const replay = await client.post('/api/v1/email-mfa/verify', {
      category: 'login',
      mfa_code: spent,
    });
    expect(replay.code).toBe('AUTHENTICATION_CODE_ERROR');
    const next = await client.post('/api/v1/email-mfa/verify', {
      category: 'login',
      mfa_code: totpNow(secret, 1),
    });
    expect(next.code).toBe('OK');
    const again = t.client();
    await again.post('/api/v1/login', { email, password: PASSWORD });
    const reused = await again.post('/api/v1/email-mfa/verify', {
      category: 'login',
      mfa_code: totpNow(secret, 1),
    });
    expect(reused.code).toBe('AUTHENTICATION_CODE_ERROR');
  });

  it('signs the other device out when the user continues an other-device login', async () => {
    const email = await newAccount();
    const first = t.client();
    await loginWithEmailCode(t, first, email);
    const second = t.client();
    const login = await second.post<{ other_device_login: boolean }>('/api/v1/login', {
      email,
      password: PASSWORD,
    });
    expect(login.data.other_device_login).toBe(true);
    expect((await first.get('/api/v1/user/base-info')).code).toBe('OK');
    await allowResend(t, email);
    await sendCode(second, 'login');
    await second.post('/api/v1/email-mfa/verify', {
      category: 'login',
      email_code: await readCode(t, email),
    });
    expect((await second.get('/api/v1/user/base-info')).code).toBe('OK');
    expect((await first.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
  });
});

describe('sessions', () => {
  it('expire after idling and at the absolute limit', async () => {
    const email = await newAccount();
    const idle = t.client();
    await loginWithEmailCode(t, idle, email);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3 * 3600_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await idle.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');

    const absolute = t.client();
    await loginWithEmailCode(t, absolute, email);
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await absolute.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
  });

  it('stores only a hash of the token', async () => {
    const email = await newAccount();
    const client = t.client();
    await loginWithEmailCode(t, client, email);
    const token = client.cookies.get('ks_session')!;
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });

  it('logs out', async () => {
    const email = await newAccount();
    const client = t.client();
    await loginWithEmailCode(t, client, email);
    const token = client.cookies.get('ks_session')!;
    expect((await client.post('/api/v1/logout', {})).code).toBe('OK');
    const replay = t.client();
    replay.cookies.set('ks_session', token);
    expect((await replay.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
  });

  it('force-logs-out other sessions but not the current one', async () => {
    const email = await newAccount();
    const a = t.client();
    await loginWithEmailCode(t, a, email);
    // Logging in on b while a is live signs a out (other-device rule), so add b's session directly.
    const b = t.client();
    await loginWithEmailCode(t, b, email);
    await loginWithEmailCode(t, a, email);
    const history = await a.get<{ list: Array<{ session_id: number; current: boolean; active: boolean }> }>(
      '/api/v1/user/login-history',
    );
    const current = history.data.list.find((row) => row.current)!;
    const self = await a.post('/api/v1/user/force-logout', { session_id: current.session_id });
    expect(self.code).toBe('PERMISSION_FORCE_LOGOUT_SELF_ERROR');
    expect(history.data.list.length).toBeLessThanOrEqual(10);
    expect((await a.post<{ revoked: number }>('/api/v1/user/force-logout', {})).code).toBe('OK');
    expect((await a.get('/api/v1/user/base-info')).code).toBe('OK');
  });
});
