/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PASSWORD,
  bindAuthenticator,
  loginWithEmailCode,
  openSignedIn,
  registerAccount,
  solveCaptchaIfShown,
  submitLogin,
  currentStep,
  totp,
  uniqueEmail,
} from '../lib/accounts';
import { ApiCallError, mailIds, waitForCode } from '../lib/api-session';
import { launchBrowser, newPage, screenshot, toastText, waitForPath } from '../lib/browser';

async function logOutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Log out|退出登录|登出/ }).click();
  await waitForPath(page, '/login');
}

describe('accounts and sign-in (§4)', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => ({ browser, close } = await launchBrowser()));
  afterAll(async () => close());

  it('registers through /register with the e-mailed code and lands on /organization', async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('register');
    await page.goto('/register');
    await page.locator('#email').fill(email);
    const seen = await mailIds(email);
    await page.getByTestId('send-code').click();
    await page.getByTestId('captcha-image').waitFor();
    await screenshot(page, 'register-captcha-desktop');
    await solveCaptchaIfShown(page);
    await page.getByTestId('code-sent-hint').waitFor();
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    expect(await page.getByTestId('send-code').innerText()).toMatch(/Resend in \d+ s/);
    await page.locator('#email_code').fill(await waitForCode(email, seen));
    await page.locator('#password').fill('weak');
    await page.getByTestId('password-rules').waitFor();
    expect(await page.locator('[data-testid="password-rules"] li[data-met="true"]').count()).toBe(1);
    await page.locator('#password').fill(PASSWORD);
    expect(await page.locator('[data-testid="password-rules"] li[data-met="true"]').count()).toBe(5);
    await page.locator('#confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await waitForPath(page, '/organization');
    await page.getByTestId('organization-page').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ks.user') ?? '{}').email)).toBe(email);
    await context.close();
  });

  it('logs in with the e-mailed code, returns to the originating page, applies the space guards, and logs out', async () => {
    const { email, session } = await registerAccount();
    await session.call('POST', '/api/v1/logout', {});
    const { page, context } = await newPage(browser);
    await page.goto('/account?tab=security');
    await waitForPath(page, '/login');
    await loginWithEmailCode(page, email, PASSWORD);
    await waitForPath(page, '/account');
    await page.getByTestId('account-page').waitFor();
    // Routes that need a space send a user without one to /organization.
    for (const route of [
      '/wallet',
      '/transfer',
      '/multiple-wallet',
      '/organization/settings',
      '/audit-log',
    ]) {
      await page.goto(route);
      await waitForPath(page, '/organization');
    }
    await page.goto('/permission-address');
    await page.getByTestId('permission-address-page').waitFor();
    await logOutThroughMenu(page);
    await page.goto('/account');
    await waitForPath(page, '/login');
    await context.close();
  });

  it('binds an authenticator on /account, then logs in with it', async () => {
    const { email, session } = await registerAccount();
    const { page, context } = await newPage(browser);
    await openSignedIn(page, session, '/account?tab=security');
    await page.getByTestId('bind-mfa').click();
    const modal = page.getByTestId('bind-mfa-modal');
    await modal.getByTestId('mfa-qr').waitFor();
    const secret = (await modal.getByTestId('mfa-secret').innerText()).trim();
    const seen = await mailIds(email);
    await modal.getByTestId('send-code').click();
    await modal.locator('input[name="email_code"]').fill(await waitForCode(email, seen, 'code:bind_mfa'));
    const bindStep = currentStep();
    await modal.locator('input[name="mfa_code"]').fill(totp(secret, bindStep));
    await screenshot(page, 'account-bind-mfa-desktop');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('security-authenticator').getByText('Bound').waitFor();
    await logOutThroughMenu(page);

    await submitLogin(page, email, PASSWORD);
    await waitForPath(page, '/login/mfa');
    await page.locator('#code').fill(totp(secret, bindStep + 1));
    await page.getByTestId('second-factor-submit').click();
    await waitForPath(page, '/organization').catch(async (error: unknown) => {
      await screenshot(page, 'debug-bind-login');
      throw error;
    });
    await context.close();
  });

  it('three wrong codes end the pending login and send the user back to /login', async () => {
    const { email, session } = await registerAccount();
    await session.call('POST', '/api/v1/logout', {});
    const { page, context } = await newPage(browser);
    await submitLogin(page, email, PASSWORD);
    await waitForPath(page, '/login/email');
    await page.getByTestId('code-sent-hint').waitFor();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await page.locator('#code').fill(attempt === 3 ? '000000' : '999999'.replace(/9/g, String(attempt)));
      await page.getByTestId('second-factor-submit').click();
      if (attempt < 3) {
        await page
          .getByTestId('attempts-left')
          .getByText(`${3 - attempt} attempts left`)
          .waitFor();
        expect(await page.evaluate(() => localStorage.getItem('ks.login-errors'))).toBe(String(attempt));
      }
    }
    await waitForPath(page, '/login');
    await page.locator('.ant-notification-notice', { hasText: 'Too many wrong codes' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ks.login-errors'))).toBeNull();
    expect((await context.cookies()).some((cookie) => cookie.name === 'ks_login_mfa')).toBe(false);
    await context.close();
  });

  it('resets a forgotten password end to end (e-mail code, authenticator, new password)', async () => {
    const { email, session } = await registerAccount();
    const { secret, step } = await bindAuthenticator(session, email);
    await session.call('POST', '/api/v1/logout', {});
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.getByText('Forgot password?').click();
    await waitForPath(page, '/forgot-password');
    // The login page stays on screen (with its own #email) until the next page's chunk is in.
    await page.getByTestId('forgot-password-page').waitFor();
    await page.locator('#email').fill(email);
    const seen = await mailIds(email);
    await page.getByTestId('send-code').click();
    await page.getByTestId('captcha-image').waitFor();
    await solveCaptchaIfShown(page);
    await page.locator('#email_code').fill(await waitForCode(email, seen, 'code:forget_password'));
    await page.getByTestId('forgot-submit').click();
    await waitForPath(page, '/forgot-password/mfa');
    await page.locator('#code').fill(totp(secret, step + 1));
    await page.getByTestId('forgot-mfa-submit').click();
    await waitForPath(page, '/forgot-password/new-password');
    const newPassword = 'Brand-new#Pass9';
    await page.locator('#password').fill(newPassword);
    await page.locator('#confirm').fill(newPassword);
    await page.getByTestId('forgot-new-submit').click();
    await waitForPath(page, '/login');
    // The old password no longer works; the new one reaches the authenticator step.
    await expect(session.call('POST', '/api/v1/login', { email, password: PASSWORD })).rejects.toBeInstanceOf(
      ApiCallError,
    );
    await submitLogin(page, email, newPassword);
    await waitForPath(page, '/login/mfa');
    await context.close();
  });

  it('asks before logging in over another device, and continuing logs the other device out', async () => {
    // The first device is a browser holding the session the registration opened.
    const { email, session } = await registerAccount();
    const first = await newPage(browser);
    await openSignedIn(first.page, session, '/account');
    await first.page.getByTestId('account-page').waitFor();

    const second = await newPage(browser);
    const seen = await mailIds(email);
    await submitLogin(second.page, email, PASSWORD);
    const confirm = second.page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: 'Logged in on another device' }).waitFor();
    await screenshot(second.page, 'login-other-device-desktop');
    await confirm.locator('.ant-btn-primary').click();
    await waitForPath(second.page, '/login/email');
    await second.page.locator('#code').fill(await waitForCode(email, seen, 'code:login'));
    await second.page.getByTestId('second-factor-submit').click();
    await waitForPath(second.page, '/organization');

    // The first device's session has ended: its next request is refused and it lands on /login.
    await first.page.reload();
    await waitForPath(first.page, '/login');
    expect(await toastText(first.page)).toMatch(/log in/i);
    await first.context.close();
    await second.context.close();
  });

  it('switches all three languages on the signed-in screens and saves the choice', async () => {
    const { session } = await registerAccount();
    const { page, context } = await newPage(browser);
    await openSignedIn(page, session, '/account');
    await page.getByTestId('account-page').waitFor();
    const expected = {
      'zh-CN': { title: '账号设置', menu: '首页' },
      'zh-HK': { title: '帳戶設定', menu: '首頁' },
      'en-US': { title: 'Account settings', menu: 'Home' },
    } as const;
    for (const language of ['zh-CN', 'zh-HK', 'en-US'] as const) {
      await page.getByTestId('language-dropdown').click();
      await page.locator(`[data-lang="${language}"]`).click();
      await page.waitForFunction((value) => document.documentElement.lang === value, language);
      await page.locator('h3', { hasText: expected[language].title }).waitFor();
      await page.getByTestId('sidebar-menu').getByText(expected[language].menu, { exact: true }).waitFor();
      const saved = await session.call<{ language_code: string }>('GET', '/api/v1/user/base-info');
      expect(saved.language_code).toBe(language);
    }
    await context.close();
  });
});
