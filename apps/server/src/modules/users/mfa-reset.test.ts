import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_LOST_RESET_WAIT_MS, SESSION_COOKIE } from '@keystead/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import {
  PASSWORD,
  allowResend,
  bindAuthenticator,
  readCode,
  sendCode,
  totpNow,
} from '../../../test/auth-helpers';
import { person, type Person } from '../../../test/space-helpers';
import { createSession } from '../auth/session.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

/** A user with a bound authenticator, and a second signed-in device. */
async function boundUser(): Promise<Person & { secret: string; other: TestClient }> {
  const p = await person(t, { prefix: 'mfa-reset' });
  const secret = await bindAuthenticator(t, p.client, p.email);
  const { token } = await t.ctx.db.transaction().execute((trx) =>
    createSession(trx, {
      userId: p.userId,
      stage: 'active',
      secondFactor: 'totp',
      otherDeviceLogin: false,
      client: { ip: '10.9.9.9', userAgent: 'other device' },
    }),
  );
  const other = t.client();
  other.cookies.set(SESSION_COOKIE, token);
  expect((await other.get('/api/v1/user/base-info')).code).toBe('OK');
  return { ...p, secret, other };
}

/** A fresh authenticator code: the replay guard (last used step) is moved back for the test. */
async function freshCode(p: { userId: number; secret: string }): Promise<string> {
  await t.ctx.db.updateTable('users').set({ totp_last_step: 0 }).where('id', '=', p.userId).execute();
  return totpNow(p.secret);
}

async function resetCode(p: Person): Promise<string> {
  await allowResend(t, p.email);
  expect((await sendCode(p.client, 'reset_mfa')).code).toBe('OK');
  return readCode(t, p.email);
}

const mailsTo = (email: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .select(['category', 'text_body'])
    .where('to_address', '=', email)
    .execute();
const auditOps = (userId: number) =>
  t.ctx.db
    .selectFrom('audit_log')
    .select(['operation', 'content'])
    .where('user_id', '=', userId)
    .where('organization_id', 'is', null)
    .orderBy('id')
    .execute();
const bound = async (client: TestClient) =>
  (await client.get<{ mfa_bound: boolean }>('/api/v1/user/base-info')).data.mfa_bound;

describe('authenticator secret (GET reads only)', () => {
  it('GET /user/mfa-info stores nothing; POST /user/mfa-info/secret draws one secret and keeps it', async () => {
    const p = await person(t, { prefix: 'mfa-get' });
    const pending = () =>
      t.ctx.db
        .selectFrom('users')
        .select('totp_pending_secret_enc')
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
    const read = await p.client.get<{ bound: boolean; secret: string | null }>('/api/v1/user/mfa-info');
    expect(read.data).toMatchObject({ bound: false, secret: null, reset_available_at: null });
    expect((await pending()).totp_pending_secret_enc).toBeNull();
    const drawn = await p.client.post<{ secret: string; otpauth_uri: string }>(
      '/api/v1/user/mfa-info/secret',
      {},
    );
    expect(drawn.data.secret).toMatch(/^[A-Z2-7]+$/);
    expect((await pending()).totp_pending_secret_enc).not.toBeNull();
    const again = await p.client.post<{ secret: string }>('/api/v1/user/mfa-info/secret', {});
    expect(again.data.secret).toBe(drawn.data.secret);
    expect((await p.client.get<{ secret: string }>('/api/v1/user/mfa-info')).data.secret).toBe(
      drawn.data.secret,
    );
  });
});

describe('removing the authenticator', () => {
  it('refuses an e-mail code alone', async () => {
    const p = await boundUser();
    const reply = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset',
      email_code: await resetCode(p),
    });
    expect(reply.code).toBe('PARAMS_REQUIRED_ERROR');
    expect(await bound(p.client)).toBe(true);
  });

  it('refuses a wrong authenticator code, and locks after repeated wrong codes', async () => {
    const p = await boundUser();
    const emailCode = await resetCode(p);
    const good = totpNow(p.secret);
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await p.client.post('/api/v1/user/mfa-info', {
        action: 'reset',
        mfa_code: wrong,
        email_code: emailCode,
      });
      expect(reply.code).toBe('AUTHENTICATION_CODE_ERROR');
    }
    const locked = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset',
      mfa_code: await freshCode(p),
      email_code: emailCode,
    });
    expect(locked.code).toBe('TOO_MANY_REQUESTS_ERROR');
    expect(await bound(p.client)).toBe(true);
  });

  it('with the current code: removes it, signs out the other sessions, mails and audits', async () => {
    const p = await boundUser();
    const emailCode = await resetCode(p);
    const reply = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset',
      mfa_code: await freshCode(p),
      email_code: emailCode,
    });
    expect(reply.code).toBe('OK');
    expect(reply.data).toEqual({ bound: false, reset_available_at: null });
    expect(await bound(p.client)).toBe(false);
    expect((await p.other.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
    expect((await mailsTo(p.email)).map((m) => m.category)).toContain('security:mfa_removed');
    const audit = await auditOps(p.userId);
    expect(audit.at(-1)).toMatchObject({
      operation: 'mfa_reset',
      content: { method: 'authenticator_code', sessions_revoked: 1 },
    });
  });

  it('when lost: password + e-mail code start a 48 h wait mailed to the account; a later request completes it', async () => {
    const p = await boundUser();
    const emailCode = await resetCode(p);
    const wrongPassword = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset_lost',
      password: 'Wrong-Password-1',
      email_code: emailCode,
    });
    expect(wrongPassword.code).toBe('UCS_USER_PASSWORD_MISTAKE');
    const started = Date.now();
    const request = await p.client.post<{ bound: boolean; reset_available_at: string }>(
      '/api/v1/user/mfa-info',
      {
        action: 'reset_lost',
        password: PASSWORD,
        email_code: emailCode,
      },
    );
    expect(request.code).toBe('OK');
    expect(request.data.bound).toBe(true);
    const availableAt = new Date(request.data.reset_available_at).getTime();
    expect(availableAt - started).toBeGreaterThanOrEqual(MFA_LOST_RESET_WAIT_MS - 1000);
    expect(availableAt - started).toBeLessThan(MFA_LOST_RESET_WAIT_MS + 60_000);
    expect((await mailsTo(p.email)).map((m) => m.category)).toContain('security:mfa_reset_requested');
    expect((await auditOps(p.userId)).at(-1)?.operation).toBe('mfa_reset_requested');
    expect((await p.client.get('/api/v1/user/mfa-info')).data).toMatchObject({
      bound: true,
      reset_available_at: request.data.reset_available_at,
    });

    const early = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset_complete',
      password: PASSWORD,
    });
    expect(early.code).toBe('MFA_RESET_WAITING_ERROR');
    expect(await bound(p.client)).toBe(true);

    // The wait is over (the stored time is moved back instead of sleeping).
    await t.ctx.db
      .updateTable('users')
      .set({ totp_reset_after: new Date(Date.now() - 1000) })
      .where('id', '=', p.userId)
      .execute();
    const done = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset_complete',
      password: PASSWORD,
    });
    expect(done.code).toBe('OK');
    expect(done.data).toEqual({ bound: false, reset_available_at: null });
    expect(await bound(p.client)).toBe(false);
    expect((await p.other.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
    expect((await mailsTo(p.email)).map((m) => m.category)).toContain('security:mfa_removed');
    expect((await auditOps(p.userId)).at(-1)).toMatchObject({
      operation: 'mfa_reset',
      content: { method: 'lost_after_wait' },
    });
  });

  it('a waiting removal can be cancelled from any session; completing needs a request first', async () => {
    const p = await boundUser();
    const notRequested = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset_complete',
      password: PASSWORD,
    });
    expect(notRequested.code).toBe('MFA_RESET_NOT_REQUESTED_ERROR');
    await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset_lost',
      password: PASSWORD,
      email_code: await resetCode(p),
    });
    const cancel = await p.client.post('/api/v1/user/mfa-info', { action: 'reset_cancel' });
    expect(cancel.data).toEqual({ bound: true, reset_available_at: null });
    await t.ctx.db.updateTable('users').set({ totp_reset_after: null }).where('id', '=', p.userId).execute();
    const after = await p.client.post('/api/v1/user/mfa-info', {
      action: 'reset_complete',
      password: PASSWORD,
    });
    expect(after.code).toBe('MFA_RESET_NOT_REQUESTED_ERROR');
    expect((await mailsTo(p.email)).map((m) => m.category)).toContain('security:mfa_reset_cancelled');
  });
});
