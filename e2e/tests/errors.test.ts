/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { formatErrorMessage } from '@keystead/contract';
import { PASSWORD, solveCaptchaIfShown, submitAnswered, uniqueEmail } from '../lib/accounts';
import { launchBrowser, newPage, screenshot, toastText } from '../lib/browser';

describe('error toasts and request headers (§7, §8)', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => ({ browser, close } = await launchBrowser()));
  afterAll(async () => close());

  it.each([
    ['en-US', 'Alert'],
    ['zh-CN', '提示'],
    ['zh-HK', '提示'],
  ] as const)(
    'a wrong password shows the UCS_USER_PASSWORD_MISTAKE toast in %s',
    async (language, titleText) => {
      const { page, context } = await newPage(browser);
      await page.goto(`/login?lang=${language}`);
      await page.locator('#email').fill(uniqueEmail('nobody'));
      await page.locator('#password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await submitAnswered(page);
      await solveCaptchaIfShown(page);
      const text = await toastText(page);
      expect(text).toContain(titleText);
      expect(text).toContain(formatErrorMessage('UCS_USER_PASSWORD_MISTAKE', language));
      expect(new URL(page.url()).pathname).toBe('/login');
      await context.close();
    },
  );

  it('validates the login form on submit without calling the server', async () => {
    const { page, context } = await newPage(browser);
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/v1/login') && calls.push(request.url()));
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await page
      .getByText('Enter your e-mail address.')
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'debug-validation');
        throw error;
      });
    await page.getByText('Enter your password.').waitFor();
    await page.locator('#email').fill('not-an-address');
    await page.getByTestId('login-submit').click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    expect(calls).toEqual([]);
    await context.close();
  });

  it('every API request carries the §7 headers, and writes carry the CSRF token', async () => {
    const { page, context } = await newPage(browser);
    const requests: Request[] = [];
    page.on(
      'request',
      (request) => new URL(request.url()).pathname.startsWith('/api/') && requests.push(request),
    );
    await page.goto('/login?lang=zh-HK');
    await page.locator('#email').fill(uniqueEmail('headers'));
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await toastText(page);
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'ks_csrf')?.value;
    expect(requests.length).toBeGreaterThanOrEqual(2);
    const traceIds = new Set<string>();
    for (const request of requests) {
      const headers = await request.allHeaders();
      expect(headers.language).toBe('zh-HK');
      expect(headers.platform).toBe('web');
      expect(headers['client-version']).toBe('2.31.9');
      expect(headers['trace-id']).toMatch(/^[0-9a-f]{16,}$/);
      traceIds.add(headers['trace-id']!);
      if (request.method() === 'POST') expect(headers['x-csrf-token']).toBe(csrf);
    }
    expect(traceIds.size).toBe(requests.length);
    expect(requests.some((request) => request.method() === 'POST')).toBe(true);
    await context.close();
  });
});
