/// <reference lib="dom" />
import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { ApiSession, latestCaptchaAnswer, mailIds, waitForCode } from './api-session';

authenticator.options = { step: 30, window: 1, digits: 6 };

export const PASSWORD = 'Keystead#2024';

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The current 30-second authenticator step. */
export const currentStep = (): number => Math.floor(Date.now() / 30_000);

/**
 * The authenticator code of one step. The server accepts the steps next to the current one and
 * never a step at or before the last one used, so a second code in a test is `step + 1` of the first.
 */
export function totp(secret: string, step = currentStep()): string {
  return authenticator.clone({ epoch: step * 30_000 + 1_000 }).generate(secret);
}

/** Registers an account through the real API (captcha answer from the dev endpoint, code from the dev mailbox). */
export async function registerAccount(
  email = uniqueEmail('user'),
  password = PASSWORD,
): Promise<{ email: string; password: string; session: ApiSession }> {
  const session = new ApiSession();
  await session.call('GET', `/api/v1/captcha?category=register&email=${encodeURIComponent(email)}`);
  await session.call('POST', '/api/v1/captcha', {
    category: 'register',
    captcha_code: await latestCaptchaAnswer(),
  });
  const seen = await mailIds(email);
  await session.call('POST', '/api/v1/email-code', { category: 'register', email, language_code: 'en-US' });
  const code = await waitForCode(email, seen);
  await session.call('POST', '/api/v1/register', {
    email,
    email_code: code,
    password,
    language_code: 'en-US',
  });
  return { email, password, session };
}

/** Binds an authenticator through the API; returns its secret. */
export async function bindAuthenticator(
  session: ApiSession,
  email: string,
): Promise<{ secret: string; step: number }> {
  const info = await session.call<{ secret: string }>('POST', '/api/v1/user/mfa-info/secret', {});
  const seen = await mailIds(email);
  await session.call('POST', '/api/v1/email-code', { category: 'bind_mfa', language_code: 'en-US' });
  const emailCode = await waitForCode(email, seen);
  const step = currentStep();
  await session.call('POST', '/api/v1/user/mfa-info', {
    action: 'bind',
    mfa_code: totp(info.secret, step),
    email_code: emailCode,
  });
  return { secret: info.secret, step };
}

/**
 * After a submit that may be refused or asked for a captcha: waits until the page has answered —
 * a toast, an error under a field, a question (confirm dialog), the captcha's picture loaded, or
 * the page left `leaving`.
 */
export async function submitAnswered(page: Page, leaving?: string): Promise<void> {
  await page.waitForFunction(
    (path) =>
      (path !== null && location.pathname !== path) ||
      document.querySelector('.ant-notification-notice, .ant-form-item-explain-error, .ant-modal-confirm') !==
        null ||
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="captcha-image"] img')).some(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    leaving ?? null,
  );
}

/** Answers the captcha modal if the server asked for one (call after submitAnswered). */
export async function solveCaptchaIfShown(page: Page): Promise<void> {
  const modal = page.locator('.ant-modal').filter({ has: page.locator('[data-testid="captcha-image"]') });
  if (!(await modal.isVisible())) return;
  await modal.locator('input[name="imageCode"]').fill(await latestCaptchaAnswer());
  await modal.locator('.ant-btn-primary').click();
}

/** Fills /login and submits; a captcha, when asked for, is answered. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await submitAnswered(page, '/login');
  await solveCaptchaIfShown(page);
}

/** Log-in through the UI with the e-mailed second factor; ends on the page after login. */
export async function loginWithEmailCode(page: Page, email: string, password: string): Promise<void> {
  const seen = await mailIds(email);
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === '/login/email');
  const code = await waitForCode(email, seen, 'code:login');
  await page.locator('#code').fill(code);
  await page.getByTestId('second-factor-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Opens `path` in the browser as the API session's user (cookies plus the stored user the app keeps). */
export async function openSignedIn(page: Page, session: ApiSession, path: string): Promise<void> {
  await session.shareWith(page.context());
  const user = await session.call<Record<string, unknown>>('GET', '/api/v1/user/base-info');
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('ks.user', value), JSON.stringify(user));
  await page.goto(path);
}
