import { authenticator } from 'otplib';
import { expect } from 'vitest';
import type { TestApp, TestClient } from './test-app';

export const PASSWORD = 'Correct-Horse-9';

/** Reads the newest captcha's answer from the dev list, as a person reads the picture. */
export async function solveCaptcha(client: TestClient, category: string, email?: string): Promise<void> {
  const image = await client.get<{ captcha: string | null }>('/api/v1/captcha', {
    category,
    ...(email ? { email } : {}),
  });
  expect(image.code).toBe('OK');
  expect(image.data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
  const captchaId = client.cookies.get('ks_captcha');
  const list = await client.get<{ list: Array<{ id: string; dev_answer: string }> }>('/dev/captchas/json', {
    limit: 50,
  });
  const answer = list.data.list.find((row) => row.id === captchaId)!.dev_answer;
  const verified = await client.post('/api/v1/captcha', { category, captcha_code: answer });
  expect(verified.code).toBe('OK');
}

/** The 6-digit code in the newest mail to `email`. */
export async function readCode(t: TestApp, email: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.text_body)![1]!;
}

export async function sendCode(client: TestClient, category: string, email?: string) {
  return client.post('/api/v1/email-code', {
    category,
    ...(email ? { email } : {}),
    language_code: client.language,
  });
}

/** Registers through captcha → e-mail code → register; the client ends up signed in. */
export async function registerUser(
  t: TestApp,
  client: TestClient,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await solveCaptcha(client, 'register', email);
  expect((await sendCode(client, 'register', email)).code).toBe('OK');
  const code = await readCode(t, email);
  const reply = await client.post('/api/v1/register', {
    email,
    email_code: code,
    password,
    language_code: 'en-US',
  });
  expect(reply.code).toBe('OK');
}

/** Full login with the e-mail second factor. */
export async function loginWithEmailCode(
  t: TestApp,
  client: TestClient,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const login = await client.post<{ second_factor: string }>('/api/v1/login', { email, password });
  expect(login.code).toBe('OK');
  expect(login.data.second_factor).toBe('email');
  await allowResend(t, email);
  expect((await sendCode(client, 'login')).code).toBe('OK');
  const verify = await client.post('/api/v1/email-mfa/verify', {
    category: 'login',
    email_code: await readCode(t, email),
  });
  expect(verify.code).toBe('OK');
}

/** Lets the next code of a purpose be sent at once (the 60 s resend rule is tested separately). */
export async function allowResend(t: TestApp, email: string): Promise<void> {
  await t.ctx.db
    .updateTable('email_codes')
    .set({ created_at: new Date(Date.now() - 120_000) } as never)
    .where('email', '=', email.toLowerCase())
    .execute();
  // The limits counted before an address is looked up (forget_password, edit_new_email).
  for (const purpose of ['forget_password', 'edit_new_email'])
    await t.ctx.rates.reset(`code-send:address:${purpose}:${email.toLowerCase()}`);
}

export function totpNow(secret: string, offsetSteps = 0): string {
  return totpAt(secret, Date.now() + offsetSteps * 30_000);
}

export function totpAt(secret: string, epochMs: number): string {
  const copy = authenticator.clone({ epoch: epochMs });
  return copy.generate(secret);
}

/** Binds an authenticator for the signed-in client and returns its secret. */
export async function bindAuthenticator(t: TestApp, client: TestClient, email: string): Promise<string> {
  return (await bindAuthenticatorWithCode(t, client, email)).secret;
}

/** bindAuthenticator, also returning the code the binding spent (a replay test needs that one). */
export async function bindAuthenticatorWithCode(
  t: TestApp,
  client: TestClient,
  email: string,
): Promise<{ secret: string; code: string }> {
  const info = await client.post<{ secret: string }>('/api/v1/user/mfa-info/secret', {});
  await allowResend(t, email);
  expect((await sendCode(client, 'bind_mfa')).code).toBe('OK');
  const code = totpNow(info.data.secret);
  const reply = await client.post('/api/v1/user/mfa-info', {
    action: 'bind',
    mfa_code: code,
    email_code: await readCode(t, email),
  });
  expect(reply.code).toBe('OK');
  return { secret: info.data.secret, code };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}
