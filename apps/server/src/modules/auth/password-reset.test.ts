import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bindAuthenticator,
  loginWithEmailCode,
  readCode,
  registerUser,
  sendCode,
  solveCaptcha,
  totpNow,
  uniqueEmail,
} from '../../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Pass-7';

describe('forgot password', () => {
  it('replies the same for a registered and an unknown e-mail, and mails only the registered one', async () => {
    const email = uniqueEmail('reset');
    await registerUser(t, t.client(), email);
    const known = t.client();
    await solveCaptcha(known, 'forget_password', email);
    const knownReply = await sendCode(known, 'forget_password', email);
    const unknownEmail = uniqueEmail('ghost');
    const unknown = t.client();
    await solveCaptcha(unknown, 'forget_password', unknownEmail);
    const unknownReply = await sendCode(unknown, 'forget_password', unknownEmail);
    expect(knownReply.code).toBe('OK');
    expect(unknownReply.code).toBe('OK');
    expect(knownReply.data).toEqual(unknownReply.data);
    const ghostMail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', unknownEmail)
      .execute();
    expect(ghostMail).toHaveLength(0);
  });

  it('needs a captcha', async () => {
    const reply = await sendCode(t.client(), 'forget_password', uniqueEmail());
    expect(reply.code).toBe('CAPTCHA_REQUIRED_ERROR');
  });

  it('resets with the e-mail code, signs every session out, and the old password stops working', async () => {
    const email = uniqueEmail('reset');
    const owner = t.client();
    await registerUser(t, owner, email);
    const client = t.client();
    await solveCaptcha(client, 'forget_password', email);
    await sendCode(client, 'forget_password', email);
    const step = await client.post<{ next: string }>('/api/v1/email-mfa/verify', {
      category: 'forget_password',
      email,
      email_code: await readCode(t, email),
    });
    expect(step.data.next).toBe('new_password');
    const weak = await client.post('/api/v1/forget-password', { password: 'weak' });
    expect(weak.code).toBe('PASSWORD_VALIDATION_ERROR');
    expect((await client.post('/api/v1/forget-password', { password: NEW_PASSWORD })).code).toBe('OK');
    expect((await owner.get('/api/v1/user/base-info')).code).toBe('UCS_USER_AUTHENTICATION');
    expect((await t.client().post('/api/v1/login', { email, password: PASSWORD })).code).toBe(
      'UCS_USER_PASSWORD_MISTAKE',
    );
    expect((await t.client().post('/api/v1/login', { email, password: NEW_PASSWORD })).code).toBe('OK');
    // The reset ticket is single use.
    expect((await client.post('/api/v1/forget-password', { password: 'Another-Pass-8' })).code).toBe(
      'RESET_PASSWORD_ERROR',
    );
  });

  it('asks for the authenticator when one is bound', async () => {
    const email = uniqueEmail('reset-mfa');
    const owner = t.client();
    await registerUser(t, owner, email);
    await loginWithEmailCode(t, owner, email);
    const secret = await bindAuthenticator(t, owner, email);
    const client = t.client();
    await solveCaptcha(client, 'forget_password', email);
    await sendCode(client, 'forget_password', email);
    const step = await client.post<{ next: string }>('/api/v1/email-mfa/verify', {
      category: 'forget_password',
      email,
      email_code: await readCode(t, email),
    });
    expect(step.data.next).toBe('mfa');
    expect((await client.post('/api/v1/forget-password', { password: NEW_PASSWORD })).code).toBe(
      'GOOGLE_AUTHENTICATION_ERROR',
    );
    const mfa = await client.post<{ next: string }>('/api/v1/email-mfa/verify', {
      category: 'forget_password',
      mfa_code: totpNow(secret, 1),
    });
    expect(mfa.data.next).toBe('new_password');
    expect((await client.post('/api/v1/forget-password', { password: NEW_PASSWORD })).code).toBe('OK');
  });

  it('a reset ticket expires', async () => {
    const email = uniqueEmail('reset-exp');
    await registerUser(t, t.client(), email);
    const client = t.client();
    await solveCaptcha(client, 'forget_password', email);
    await sendCode(client, 'forget_password', email);
    await client.post('/api/v1/email-mfa/verify', {
      category: 'forget_password',
      email,
      email_code: await readCode(t, email),
    });
    await t.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .execute();
    expect((await client.post('/api/v1/forget-password', { password: NEW_PASSWORD })).code).toBe(
      'SECRET_EXPIRED_ERROR',
    );
  });
});
