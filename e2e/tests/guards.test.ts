/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, waitForPath } from '../lib/browser';

/** Every route of §2 that needs a signed-in user. */
const PROTECTED = [
  '/organization',
  '/organization/invite-confirm',
  '/organization/settings',
  '/account',
  '/multiple-wallet',
  '/wallet',
  '/wallet/multiple-wallet',
  '/wallet/exchange-wallet',
  '/wallet/archive',
  '/wallet/transfer',
  '/wallet/transfer/42',
  '/wallet/detail/42',
  '/address-book',
  '/payment',
  '/permission-address',
  '/transfer',
  '/task/42',
  '/task/detail/42',
  '/audit-log',
  '/asset',
];

/** Where the app remembered the user was going (react-router keeps navigation state in history.state.usr). */
const rememberedFrom = (page: Page) =>
  page.evaluate(
    () => (history.state as { usr?: { from?: { pathname?: string } } } | null)?.usr?.from?.pathname ?? null,
  );

describe('guards and redirects for a logged-out visitor (§2)', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    ({ page } = await newPage(browser));
  });
  afterAll(async () => close());

  it.each(PROTECTED)('%s sends the visitor to /login and remembers the route', async (route) => {
    await page.goto(route);
    await waitForPath(page, '/login');
    await page.getByTestId('login-page').waitFor();
    expect(await rememberedFrom(page)).toBe(route);
  });

  it('/ goes to /wallet, which goes to /login (remembering /wallet)', async () => {
    await page.goto('/');
    await waitForPath(page, '/login');
    expect(await rememberedFrom(page)).toBe('/wallet');
  });

  it('/task goes to /transfer, which goes to /login (remembering /transfer)', async () => {
    await page.goto('/task');
    await waitForPath(page, '/login');
    expect(await rememberedFrom(page)).toBe('/transfer');
  });

  it('an unknown path goes to / and on to /login (remembering /wallet)', async () => {
    await page.goto('/no/such/page');
    await waitForPath(page, '/login');
    expect(await rememberedFrom(page)).toBe('/wallet');
  });

  it.each([
    ['/login', 'login-page'],
    ['/register', 'register-card'],
    ['/forgot-password', 'forgot-password-page'],
    ['/dapp', 'dapp-page'],
  ])('public route %s stays put', async (route, testId) => {
    await page.goto(route);
    await page.getByTestId(testId).waitFor();
    expect(new URL(page.url()).pathname).toBe(route);
  });

  it.each(['/login/email', '/login/mfa'])('%s without a pending login goes back to /login', async (route) => {
    await page.goto(route);
    await waitForPath(page, '/login');
    await page.getByTestId('login-page').waitFor();
  });

  it.each(['/forgot-password/mfa', '/forgot-password/new-password'])(
    '%s without the earlier step goes to /forgot-password',
    async (route) => {
      await page.goto(route);
      await waitForPath(page, '/forgot-password');
      await page.getByTestId('forgot-password-page').waitFor();
    },
  );
});
