import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  readCode,
  registerUser,
  sendCode,
  solveCaptcha,
  uniqueEmail,
} from '../../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

describe('captcha', () => {
  it('always asks for one on register and never reveals the answer', async () => {
    const client = t.client();
    const reply = await client.get<{ captcha: string }>('/api/v1/captcha', {
      category: 'register',
      email: 'a@example.com',
    });
    expect(reply.data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = (
      await t.ctx.db
        .selectFrom('captchas')
        .select('dev_answer')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
    ).dev_answer!;
    expect(reply.raw).not.toContain(answer);
    expect(Object.keys(reply.data)).toEqual(['captcha']);
  });

  it('refuses a wrong answer, then refuses the same image again (single use)', async () => {
    const client = t.client();
    await client.get('/api/v1/captcha', { category: 'register' });
    const wrong = await client.post('/api/v1/captcha', { category: 'register', captcha_code: 'zzzz' });
    expect(wrong.code).toBe('CAPTCHA_CODE_ERROR');
    const again = await client.post('/api/v1/captcha', { category: 'register', captcha_code: 'zzzz' });
    expect(again.code).toBe('CAPTCHA_REUSE_ERROR');
  });

  it('a verified captcha buys exactly one protected action', async () => {
    const client = t.client();
    const email = uniqueEmail();
    await solveCaptcha(client, 'register', email);
    expect((await sendCode(client, 'register', email)).code).toBe('OK');
    const second = await sendCode(client, 'register', uniqueEmail());
    expect(second.code).toBe('CAPTCHA_REUSE_ERROR');
  });

  it('expires', async () => {
    const client = t.client();
    await client.get('/api/v1/captcha', { category: 'register' });
    const id = client.cookies.get('ks_captcha')!;
    await t.ctx.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const row = await t.ctx.db
      .selectFrom('captchas')
      .select('dev_answer')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const reply = await client.post('/api/v1/captcha', {
      category: 'register',
      captcha_code: row.dev_answer,
    });
    expect(reply.code).toBe('CAPTCHA_EXPIRED_ERROR');
  });

  it('answers CAPTCHA_TOO_FREQUENT_ERROR (429) when asked too often from one address', async () => {
    const client = t.client();
    let last;
    for (let i = 0; i < 11; i += 1) last = await client.get('/api/v1/captcha', { category: 'register' });
    expect(last!.status).toBe(429);
    expect(last!.code).toBe('CAPTCHA_TOO_FREQUENT_ERROR');
  });

  it('sending a register code without a captcha is refused', async () => {
    const reply = await sendCode(t.client(), 'register', uniqueEmail());
    expect(reply.code).toBe('CAPTCHA_REQUIRED_ERROR');
  });
});

describe('registration', () => {
  it('registers with captcha + e-mail code and signs the user in', async () => {
    const client = t.client();
    const email = uniqueEmail('Reg');
    await registerUser(t, client, email);
    const me = await client.get<{ email: string; mfa_bound: boolean }>('/api/v1/user/base-info');
    expect(me.code).toBe('OK');
    expect(me.data.email).toBe(email.toLowerCase());
    expect(me.data.mfa_bound).toBe(false);
    const stored = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account for the same e-mail (any case)', async () => {
    const email = uniqueEmail();
    await registerUser(t, t.client(), email);
    const other = t.client();
    await solveCaptcha(other, 'register', email.toUpperCase());
    const reply = await sendCode(other, 'register', email.toUpperCase());
    expect(reply.code).toBe('EMAIL_EXISTS_ERROR');
  });

  it('enforces the password rule and e-mail format with their catalogue codes', async () => {
    const client = t.client();
    const weak = await client.post('/api/v1/register', {
      email: uniqueEmail(),
      email_code: '123456',
      password: 'password1',
      language_code: 'en-US',
    });
    expect(weak.code).toBe('PASSWORD_VALIDATION_ERROR');
    const badEmail = await client.post('/api/v1/register', {
      email: 'not-an-email',
      email_code: '123456',
      password: PASSWORD,
    });
    expect(badEmail.code).toBe('INVALID_EMAIL_ERROR');
    const shortCode = await client.post('/api/v1/register', {
      email: uniqueEmail(),
      email_code: '12',
      password: PASSWORD,
    });
    expect(shortCode.code).toBe('AUTHENTICATION_CODE_ERROR');
  });

  it('refuses wrong, reused and expired e-mail codes', async () => {
    const client = t.client();
    const email = uniqueEmail();
    await solveCaptcha(client, 'register', email);
    await sendCode(client, 'register', email);
    const code = await readCode(t, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/v1/register', { email, email_code: wrongCode, password: PASSWORD });
    expect(wrong.code).toBe('AUTHENTICATION_CODE_ERROR');
    expect(
      (await client.post('/api/v1/register', { email, email_code: code, password: PASSWORD })).code,
    ).toBe('OK');
    const reused = await t.client().post('/api/v1/register', { email, email_code: code, password: PASSWORD });
    expect(reused.code).toBe('AUTHENTICATION_CODE_ERROR');

    const late = t.client();
    const lateEmail = uniqueEmail();
    await solveCaptcha(late, 'register', lateEmail);
    await sendCode(late, 'register', lateEmail);
    await t.ctx.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('email', '=', lateEmail)
      .execute();
    const expired = await late.post('/api/v1/register', {
      email: lateEmail,
      email_code: await readCode(t, lateEmail),
      password: PASSWORD,
    });
    expect(expired.code).toBe('AUTHENTICATION_CODE_ERROR');
  });

  it('kills a code after 5 wrong attempts', async () => {
    const client = t.client();
    const email = uniqueEmail();
    await solveCaptcha(client, 'register', email);
    await sendCode(client, 'register', email);
    const code = await readCode(t, email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      await client.post('/api/v1/register', { email, email_code: wrong, password: PASSWORD });
    const right = await client.post('/api/v1/register', { email, email_code: code, password: PASSWORD });
    expect(right.code).toBe('AUTHENTICATION_CODE_ERROR');
  });

  it('allows one code send per address and purpose per 60 s', async () => {
    const client = t.client();
    const email = uniqueEmail();
    await solveCaptcha(client, 'register', email);
    await sendCode(client, 'register', email);
    await solveCaptcha(client, 'register', email);
    const again = await sendCode(client, 'register', email);
    expect(again.code).toBe('EMAIL_CODE_TOO_FREQUENT_ERROR');
  });

  it('mails the code in the chosen language', async () => {
    const client = t.client({ language: 'zh-HK' });
    const email = uniqueEmail();
    await solveCaptcha(client, 'register', email);
    await sendCode(client, 'register', email);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('您的 Keystead 驗證碼');
  });
});

describe('invite-only registration', () => {
  it('needs a valid unused 16-character invite code when REQUIRE_INVITE is on', async () => {
    const invited = await createTestApp({ REQUIRE_INVITE: 'true' }, { chains: [] });
    try {
      await invited.ctx.db.insertInto('invite_codes').values({ code: 'ABCDEFGHJKLMNPQR' }).execute();
      const register = async (inviteToken: string | undefined) => {
        const client = invited.client();
        const email = uniqueEmail();
        await solveCaptcha(client, 'register', email);
        await sendCode(client, 'register', email);
        return client.post('/api/v1/register', {
          email,
          email_code: await readCode(invited, email),
          password: PASSWORD,
          ...(inviteToken ? { invite_token: inviteToken } : {}),
        });
      };
      expect((await register(undefined)).code).toBe('INVITATION_CODE_ERROR');
      expect((await register('ZZZZZZZZZZZZZZZZ')).code).toBe('INVITATION_CODE_ERROR');
      expect((await register('ABCDEFGHJKLMNPQR')).code).toBe('OK');
      expect((await register('ABCDEFGHJKLMNPQR')).code).toBe('INVITATION_CODE_USED_ERROR');
      const config = await invited.client().get<{ require_invite: boolean }>('/api/web/v2/web-config');
      expect(config.data.require_invite).toBe(true);
    } finally {
      await invited.close();
    }
  });
});
