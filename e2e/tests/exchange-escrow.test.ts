/// <reference lib="dom" />
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dismissToasts, launchBrowser, newPage, pictures, screenshot } from '../lib/browser';
import {
  BINANCE_TRADE,
  DESKTOP,
  PHONE,
  V4,
  botOrder,
  enterEmailCode,
  sideways,
  startExchangeBed,
  type ExchangeBed,
} from '../lib/exchange-bed';
import { modalClosed, resizeTo } from '../lib/motion';
import { openInSpace } from '../lib/spaces';
import { settledDialog, toastWith } from '../lib/wallets';

/**
 * Risk control and the platform API of an exchange account (issue 17), in the browser, on a
 * server of this file's own whose ccxt clients reach the exchange STAND-IN (e2e/lib/exchange-bed.ts):
 * the admin of a Binance trading account makes themself its risk-control user and keeps a rule
 * (BTC/USDT only, at most 500 USDT an order; e-mail code risk_control), creates the platform API
 * key (code exchange_api_key; the secret shown once), and a bot's order sent from Node through
 * POST /api/v1/sign/hmac (HMAC-SHA256 as escrow.ts documents it) is refused by the rule and shows
 * in the escrow log with the limit it broke; an allowed one is placed at the stand-in; the IP
 * whitelist (code exchange_settings) refuses a bot calling from elsewhere.
 */
describe('exchange accounts: risk control, the platform API key and the escrow log', () => {
  let bed: ExchangeBed;
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | null = null;
  let walletId: number;

  beforeAll(async () => {
    bed = await startExchangeBed();
    // A trading account, added through the API (the add wizard's own test is exchange.test.ts).
    const input = {
      exchange: 'binance',
      api_key: BINANCE_TRADE.apiKey,
      secret: BINANCE_TRADE.secret,
      api_key_type: 2,
    };
    const session = bed.admin.session;
    const checked = await session.call<{ check_token: string }>(
      'POST',
      `${V4}/wallets/exchange/check`,
      input,
    );
    ({ wallet_id: walletId } = await session.call<{ wallet_id: number }>('POST', `${V4}/wallets/exchange`, {
      ...input,
      name: 'Binance desk',
      check_token: checked.check_token,
    }));
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 240_000);

  afterAll(async () => {
    await closeBrowser?.();
    await bed?.stop();
  });

  it(
    'a risk-control rule, the platform API key (secret shown once), a bot’s order refused by the rule in the escrow log',
    { timeout: 180_000 },
    async () => {
      const { email } = bed.admin;
      const { page, context } = await newPage(browser);
      await openInSpace(page, bed.admin.session, bed.spaceId, `/wallet/exchange-wallet/${walletId}?tab=risk`);
      const risk = page.getByTestId('risk-control');
      // Nobody keeps the rules yet: every order is refused, and the admin (not a risk-control user) reads only.
      await risk.getByTestId('risk-deny-all').waitFor();
      await risk.getByTestId('risk-read-only').waitFor();
      expect(await risk.getByTestId('risk-rule-add').count()).toBe(0);

      // The admin makes themself the account's risk-control user.
      await risk.getByTestId('risk-users-edit').click();
      const users = await settledDialog(page, 'Risk-control users');
      await users.locator('#risk-users').click();
      await page.locator('.ant-select-item-option').filter({ hasText: email }).click();
      await users.getByTestId('risk-users-save').click();
      await toastWith(page, 'The risk-control users are saved.');
      await modalClosed(page);
      await risk.getByTestId('risk-rule-add').waitFor();
      expect(await risk.getByTestId('risk-read-only').count()).toBe(0);

      // A rule for spot limit orders: BTC/USDT only, at most 500 USDT an order (code risk_control).
      await risk.getByTestId('risk-rule-add').click();
      const rule = await settledDialog(page, 'Add a risk-control rule');
      expect(await rule.locator('.ant-select-selection-item').first().innerText()).toBe('Limit price (spot)');
      await rule.getByTestId('risk-rule-symbols').click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'BTC/USDT' }).click();
      await rule.getByTestId('risk-rule-max_order_usdt').fill('500');
      await rule.getByTestId('risk-rule-buy_limit').fill('1');
      await enterEmailCode(rule, email, 'risk_control');
      await dismissToasts(page);
      await pictures(page, 'exchange-risk-rule-dialog', rule);
      await rule.getByTestId('risk-rule-dialog-submit').click();
      await toastWith(page, 'The risk-control rules are saved and in effect.');
      await modalClosed(page);
      const card = risk.getByTestId('risk-rule-1');
      await card.waitFor();
      expect(await risk.getByTestId('risk-strategy-status').innerText()).toBe('Effective');
      expect(await card.getByTestId('risk-rule-symbols-shown').innerText()).toBe('BTC/USDT');
      expect(await card.getByTestId('risk-rule-max-order-usdt').innerText()).toBe('500 USDT');
      await dismissToasts(page);
      await pictures(page, 'exchange-risk-control', risk);

      // The platform API key: created with the code exchange_api_key, its secret shown once.
      await page.getByRole('tab', { name: 'Platform API keys' }).click();
      const keys = page.getByTestId('api-keys');
      await keys.getByTestId('api-key-create').click();
      const create = await settledDialog(page, 'Create a platform API key');
      await create.getByTestId('api-key-description').fill('Grid bot');
      await enterEmailCode(create, email, 'exchange_api_key');
      await create.getByTestId('api-key-create-dialog-submit').click();
      const shown = await settledDialog(page, 'Save the secret now');
      expect(await shown.innerText()).toContain('This is the only time the secret is shown.');
      const key = {
        api_key: await shown.getByTestId('api-key-created-key').innerText(),
        secret: await shown.getByTestId('api-key-created-secret').innerText(),
      };
      expect(key.secret.length).toBeGreaterThanOrEqual(40);
      // It closes only once the user says the secret is stored (no Esc, no click outside).
      expect(await shown.getByTestId('api-key-secret-done').isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await shown.isVisible()).toBe(true);
      await screenshot(page, 'exchange-api-key-secret');
      await resizeTo(page, PHONE);
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'exchange-api-key-secret-phone');
      await resizeTo(page, DESKTOP);
      await shown.getByTestId('api-key-secret-stored').click();
      await shown.getByTestId('api-key-secret-done').click();
      await modalClosed(page);
      const item = keys.getByTestId('api-key');
      await item.waitFor();
      expect(await item.getByTestId('api-key-status').innerText()).toBe('Started');
      expect(await item.getByTestId('api-key-last-used').innerText()).toBe('Never');
      // Never shown again: not on the page, nor after a reload.
      expect(await page.locator('body').innerText()).not.toContain(key.secret);
      await page.reload();
      await item.waitFor();
      expect(await page.locator('body').innerText()).not.toContain(key.secret);
      await dismissToasts(page);
      await pictures(page, 'exchange-api-keys', keys);

      // A bot's orders through the platform API: 0.01 BTC at 60,000 = 600 USDT breaks the 500 USDT
      // maximum and never reaches the exchange; 0.005 BTC (300 USDT) is placed.
      const buy = (amount: string) => ({
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        amount,
        price: '60000',
      });
      const placedBefore = bed.stand.orders.length;
      const refused = await botOrder(key, buy('0.01'));
      expect(refused.code, JSON.stringify(refused)).toBe('RISK_CONTROL_ORDER_REFUSED_ERROR');
      expect(refused.data).toMatchObject({ limit: 'max_order_usdt', max: '500' });
      expect(bed.stand.orders.length).toBe(placedBefore);
      const accepted = await botOrder(key, buy('0.005'));
      expect(accepted.code, JSON.stringify(accepted)).toBe('OK');
      expect(bed.stand.orders.length).toBe(placedBefore + 1);

      // The escrow log: both decisions, the refusal with the limit it broke; filtered to refusals.
      await page.getByRole('tab', { name: 'Escrow log' }).click();
      const log = page.getByTestId('escrow-log');
      const rows = log.getByTestId('escrow-log-row');
      await expect.poll(() => rows.count()).toBe(2);
      const decisions = () =>
        log
          .getByTestId('escrow-log-decision')
          .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-decision')));
      expect(await decisions()).toEqual(['accepted', 'refused']);
      const refusedText = await rows.nth(1).innerText();
      expect(refusedText).toContain('198.51.100.20');
      expect(refusedText).toContain('BTC/USDT');
      expect(await rows.nth(1).getByTestId('escrow-log-reason').innerText()).toBe(
        '600 USDT is above the per-order maximum of 500 USDT',
      );
      await pictures(page, 'exchange-escrow-log', log);
      await log.getByTestId('escrow-log-filter').getByText('Refused').click();
      await expect.poll(() => rows.count()).toBe(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        log.getByTestId('escrow-log-export').click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain('max_order_usdt');
      expect(csv).not.toContain('accepted');

      // Escrow settings: the bot's addresses (code exchange_settings); an order from elsewhere is refused.
      await page.getByRole('tab', { name: 'Escrow settings' }).click();
      const settings = page.getByTestId('escrow-settings');
      expect(await settings.getByTestId('escrow-settings-ips').innerText()).toContain('Any address');
      await settings.getByTestId('escrow-settings-edit').click();
      const edit = await settledDialog(page, 'Change the platform API settings');
      await edit.getByTestId('escrow-settings-ips-input').locator('input').fill('198.51.100.0/24');
      await page.keyboard.press('Enter');
      await enterEmailCode(edit, email, 'exchange_settings');
      await edit.getByTestId('escrow-settings-dialog-submit').click();
      await toastWith(page, 'The platform API settings are saved.');
      await modalClosed(page);
      expect(await settings.getByTestId('escrow-settings-ips').innerText()).toBe('198.51.100.0/24');
      await dismissToasts(page);
      await pictures(page, 'exchange-escrow-settings', settings);
      expect((await botOrder(key, buy('0.001'), '203.0.113.9')).code).toBe('PLATFORM_API_IP_ERROR');
      await page.getByRole('tab', { name: 'Escrow log' }).click();
      await log.getByTestId('escrow-log-filter').getByText('Refused').click();
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().innerText()).toContain('203.0.113.9');

      // The key was used: its last use shows; the escrow tabs fit a phone.
      await page.getByRole('tab', { name: 'Platform API keys' }).click();
      await expect.poll(() => item.getByTestId('api-key-last-used').innerText()).not.toBe('Never');
      await resizeTo(page, PHONE);
      // (On a phone the tabs past the window's width sit behind the tab bar's "…" menu: opened by address here.)
      for (const tab of ['risk', 'escrow-log']) {
        await page.goto(`/wallet/exchange-wallet/${walletId}?tab=${tab}`);
        await page.getByTestId(tab === 'risk' ? 'risk-control' : 'escrow-log').waitFor();
        await expect.poll(() => sideways(page), { message: tab }).toBeLessThanOrEqual(0);
      }
      await rows.first().waitFor();
      await dismissToasts(page);
      await log.scrollIntoViewIfNeeded();
      await screenshot(page, 'exchange-escrow-log-phone');
      await context.close();
    },
  );
});
