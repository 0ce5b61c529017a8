/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAccount } from '../lib/accounts';
import { launchBrowser, newPage, waitForPath } from '../lib/browser';
import { addMember, createSpace, openInSpace, recordPaths, registerCreator } from '../lib/spaces';

/** §2 guards now that spaces exist (no space has wallets yet). */
describe('space and privileged guards with real spaces', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let creator: Awaited<ReturnType<typeof registerCreator>>;
  let member: Awaited<ReturnType<typeof registerAccount>>;
  let spaceId: number;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    creator = await registerCreator();
    spaceId = (await createSpace(creator.session, 'Guarded')).organization_id;
    member = await registerAccount();
    await addMember(creator.session, member, 0);
  });
  afterAll(async () => close());

  it.each(['/organization/settings', '/audit-log', '/settings/transfer-policy'])(
    'a member without privilege is sent from %s to /wallet (and on to /organization: no wallets)',
    async (route) => {
      const { page, context } = await newPage(browser);
      const paths = recordPaths(page);
      await openInSpace(page, member.session, spaceId, route);
      await waitForPath(page, '/organization');
      await page.getByTestId('organization-page').waitFor();
      const from = paths.lastIndexOf(route);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(paths.slice(from)).toContain('/wallet');
      await context.close();
    },
  );

  const pageIds: Record<string, string> = {
    '/organization/settings': 'space-settings-page',
    '/audit-log': 'audit-log-page',
    '/settings/transfer-policy': 'transfer-policy-page',
  };
  it.each(Object.keys(pageIds))('the creator may open %s', async (route) => {
    const { page, context } = await newPage(browser);
    await openInSpace(page, creator.session, spaceId, route);
    await page.getByTestId(pageIds[route]!).waitFor();
    expect(new URL(page.url()).pathname).toBe(route);
    await context.close();
  });

  it.each(['/wallet', '/transfer', '/asset', '/address-book', '/wallet/archive'])(
    'a space without wallets sends %s to /organization',
    async (route) => {
      const { page, context } = await newPage(browser);
      await openInSpace(page, creator.session, spaceId, route);
      await waitForPath(page, '/organization');
      await page.getByTestId('organization-page').waitFor();
      await context.close();
    },
  );

  it('/multiple-wallet stays open in a space without wallets', async () => {
    const { page, context } = await newPage(browser);
    await openInSpace(page, creator.session, spaceId, '/multiple-wallet');
    await page.getByTestId('create-wallet').waitFor();
    expect(new URL(page.url()).pathname).toBe('/multiple-wallet');
    await context.close();
  });

  it('the remembered last space (ks_last_space cookie) reopens the settings in a new tab', async () => {
    const { page, context } = await newPage(browser);
    const { openSignedIn } = await import('../lib/accounts');
    await openSignedIn(page, creator.session, '/organization/settings');
    await page.getByTestId('space-settings-page').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('ks.organization'))).toBe(String(spaceId));
    await context.close();
  });
});
