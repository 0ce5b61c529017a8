/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn, registerAccount } from '../lib/accounts';
import type { ApiSession } from '../lib/api-session';
import { VIEWPORTS, launchBrowser, newPage, screenshot } from '../lib/browser';
import { drawerClosed, overlaysAtRest } from '../lib/motion';

/** Nothing may stick out sideways: the page must fit the viewport (down to 390 px). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(Object.entries(VIEWPORTS))(
  'screens at %s size (screenshots in e2e/screenshots)',
  (size, viewport) => {
    let browser: Browser;
    let close: () => Promise<void>;
    let session: ApiSession;

    beforeAll(async () => {
      ({ browser, close } = await launchBrowser());
      ({ session } = await registerAccount());
    });
    afterAll(async () => close());

    it.each([
      ['login', '/login', 'login-page'],
      ['register', '/register', 'register-card'],
      ['forgot-password', '/forgot-password', 'forgot-password-page'],
      ['dapp', '/dapp', 'dapp-page'],
      ['login-zh-CN', '/login?lang=zh-CN', 'login-page'],
      ['register-zh-HK', '/register?lang=zh-HK', 'register-card'],
    ])('public screen %s', async (name, route, testId) => {
      const { page, context } = await newPage(browser, viewport);
      await page.goto(route);
      await page.getByTestId(testId).waitFor();
      if (name.startsWith('register')) {
        await page.locator('#password').fill('abc1');
        await page.getByTestId('password-rules').waitFor();
      }
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${name}-${size}`);
      await context.close();
    });

    it.each([
      ['organization', '/organization', 'organization-page'],
      ['account-preferences', '/account?tab=preferences', 'profile-card'],
      ['account-security', '/account?tab=security', 'security-authenticator'],
      ['account-notifications', '/account?tab=notifications', 'notify-task'],
      ['account-history', '/account?tab=history', 'login-history'],
      ['permission-address', '/permission-address', 'permission-address-page'],
      ['account-zh-CN', '/account?tab=security&lang=zh-CN', 'security-authenticator'],
    ])('signed-in screen %s', async (name, route, testId) => {
      const { page, context } = await newPage(browser, viewport);
      await openSignedIn(page, session, route);
      await page.getByTestId(testId).waitFor();
      await overlaysAtRest(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${name}-${size}`);
      await context.close();
    });

    it('the notification centre opens with its tabs and an honest empty state', async () => {
      const { page, context } = await newPage(browser, viewport);
      await openSignedIn(page, session, '/account');
      await page.getByTestId('notification-bell').click();
      const drawer = page.locator('.ks-notification-drawer');
      for (const tab of ['All', 'Transfers & trades', 'Messages'])
        await drawer.getByRole('tab', { name: tab }).waitFor();
      await drawer.getByText('You have no notifications.').waitFor();
      await screenshot(page, `notifications-${size}`);
      await context.close();
    });

    it('the sidebar and user menu are reachable', async () => {
      const { page, context } = await newPage(browser, viewport);
      await openSignedIn(page, session, '/account');
      if (size === 'mobile') {
        expect(await page.getByTestId('sidebar').count()).toBe(0);
        await page.getByTestId('menu-toggle').click();
      }
      const menu = page.getByTestId('sidebar-menu');
      for (const item of [
        'Home',
        'Assets',
        'Transaction Management',
        'Transactions',
        'Asset Analysis',
        'Payment',
        'Whitelist',
        'My Address',
      ]) {
        await menu.getByText(item, { exact: true }).waitFor();
      }
      await screenshot(page, `sidebar-${size}`);
      await page.keyboard.press('Escape');
      await drawerClosed(page);
      await page.getByTestId('user-menu').click();
      for (const item of ['Space list', 'Signer addresses', 'Account settings', 'Log out']) {
        await page.getByRole('menuitem', { name: item }).waitFor();
      }
      await screenshot(page, `user-menu-${size}`);
      await context.close();
    });
  },
);
