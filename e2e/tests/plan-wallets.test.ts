/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { VIEWPORTS, launchBrowser, newPage, useServer, waitForPath } from '../lib/browser';
import { startServerProcess, type ServerProcess } from '../lib/server-process';
import { setPlanDirectly } from '../lib/space-plan';
import { motionDone, overlaysAtRest, resizeTo } from '../lib/motion';
import { createSpace, openInSpace, registerCreator } from '../lib/spaces';
import { useDevnet } from '../lib/wallet-provider';

const DAY = 86_400_000;

interface PlanWallets {
  plan: string;
  must_choose: boolean;
  list: Array<{ wallet_id: number; kept: boolean }>;
}

/**
 * §4 subscription expiry on a real server process of its own: a space with four single-signature
 * wallets under Plus whose plan ended yesterday (written into its database between restarts) is
 * back to the free plan's three. The admin sees the banner on /wallet, goes to the settings, is
 * refused keeping all four, keeps three, and the banner goes; then asks for the 3-day extension,
 * which brings the plan and all four wallets back.
 */
describe('a lapsed paid plan: the admin chooses the wallets the space keeps', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-plan-'));
  let server: ServerProcess | null = null;
  let closeBrowser: (() => Promise<void>) | null = null;

  async function start(): Promise<void> {
    server = await startServerProcess(dataDir);
    useServer(server.baseURL);
    useDevnet(server.devnetRpcUrl);
  }

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
    useServer(null);
    useDevnet(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'banner on /wallet, the checklist refuses too many, saving three clears it',
    { timeout: 360_000 },
    async () => {
      await start();
      const admin = await registerCreator();
      const space = await createSpace(admin.session, 'Lapsed plan');
      const spaceId = space.organization_id;
      // Plus for a year: room for a fourth single-signature wallet (free allows three).
      await server!.stop();
      await setPlanDirectly(dataDir, spaceId, 'plus', new Date(Date.now() + 365 * DAY));
      await start();
      const wallets: number[] = [];
      for (const name of ['Petty cash', 'Payroll', 'Market maker', 'Cold reserve']) {
        const address = privateKeyToAccount(generatePrivateKey()).address;
        const imported = await admin.session.call<{ wallet_id: number }>('POST', '/api/v1/wallets/single', {
          name,
          chain_key: '31337',
          address,
        });
        wallets.push(imported.wallet_id);
      }
      // The plan ended yesterday.
      await server!.stop();
      await setPlanDirectly(dataDir, spaceId, 'plus', new Date(Date.now() - DAY));
      await start();
      const before = await admin.session.call<PlanWallets>('GET', '/api/v1/organization/wallets');
      expect(before).toMatchObject({ plan: 'free', must_choose: true });

      const browser = await launchBrowser();
      closeBrowser = browser.close;
      const { page } = await newPage(browser.browser);
      await openInSpace(page, admin.session, spaceId, '/wallet');
      const banner = page.getByTestId('plan-choose-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('New transfers wait until an admin chooses');
      await overlaysAtRest(page);
      await page.screenshot({ path: '/tmp/ks-shots/plan-banner-wallets.png' });
      await page.getByTestId('plan-banner-link').click();
      await waitForPath(page, '/organization/settings');
      const card = page.getByTestId('plan-wallets');
      await card.getByTestId('plan-choose-banner').waitFor();
      expect(await card.innerText()).toContain('Single-signature: 4 of 3');

      // All four kept: refused with the plan's limit.
      await card.getByTestId('plan-wallets-save').click();
      const refused = card.getByTestId('plan-wallets-save-error');
      await refused.waitFor();
      expect(await refused.innerText()).toContain('3');
      await card.scrollIntoViewIfNeeded();
      await overlaysAtRest(page);
      await page.screenshot({ path: '/tmp/ks-shots/plan-wallets-refused.png', fullPage: true });

      await card.getByTestId(`plan-keep-${wallets[3]}`).click();
      expect(await card.innerText()).toContain('Single-signature: 3 of 3');
      await card.getByTestId('plan-wallets-save').click();
      const saved = page
        .locator('.ant-notification-notice')
        .filter({ hasText: 'The wallets to keep are saved.' });
      await saved.waitFor();
      await card.getByTestId('plan-choose-banner').waitFor({ state: 'detached' });
      await refused.waitFor({ state: 'detached' });
      expect(await card.locator('tr', { hasText: 'Cold reserve' }).innerText()).toContain('Left out');
      await motionDone(saved);
      await page.screenshot({ path: '/tmp/ks-shots/plan-wallets-saved.png', fullPage: true });
      await resizeTo(page, VIEWPORTS.mobile);
      await card.scrollIntoViewIfNeeded();
      await overlaysAtRest(page);
      await page.screenshot({ path: '/tmp/ks-shots/plan-wallets-mobile.png' });
      await resizeTo(page, VIEWPORTS.desktop);

      const after = await admin.session.call<PlanWallets>('GET', '/api/v1/organization/wallets');
      expect(after.must_choose).toBe(false);
      expect(after.list.filter((wallet) => wallet.kept).map((wallet) => wallet.wallet_id)).toEqual(
        wallets.slice(0, 3),
      );
      await page.goto('/wallet');
      await page.getByTestId('wallet-list-page').waitFor();
      await page.getByTestId('wallet-total').waitFor();
      expect(await page.getByTestId('plan-choose-banner').count()).toBe(0);

      // The 3-day extension (§4): the lapsed plan runs 3 more days and every wallet moves again;
      // once per paid period, so the button goes.
      await page.goto('/organization/settings?tab=plan');
      const extension = page.getByTestId('plan-extension');
      await extension.click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Request 3 more days' }).click();
      await page.locator('.ant-notification-notice').filter({ hasText: 'The plan now runs until' }).waitFor();
      await extension.waitFor({ state: 'detached' });
      expect(await page.getByTestId('plan-current').getAttribute('data-plan')).toBe('plus');
      const extended = await admin.session.call<PlanWallets>('GET', '/api/v1/organization/wallets');
      expect(extended.plan).toBe('plus');
      expect(extended.list.every((wallet) => wallet.kept)).toBe(true);
      expect(
        await admin.session.call<{ list: unknown[] }>('GET', '/api/v1/wallets/vip-expired-list'),
      ).toEqual({
        list: [],
      });
    },
  );
});
