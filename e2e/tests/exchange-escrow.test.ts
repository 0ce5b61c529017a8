/// <reference lib="dom" />
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dismissToasts, launchBrowser, newPage, pictures, screenshot } from '../lib/browser';
import { registerAccount } from '../lib/accounts';
import { mailIds, waitForCode } from '../lib/api-session';
import {
  BINANCE_TRADE,
  DESKTOP,
  PHONE,
  V4,
  botOrder,
  enterEmailCode,
  pickMember,
  riskApprovalOff,
  sideways,
  startExchangeBed,
  type ExchangeBed,
} from '../lib/exchange-bed';
import { modalClosed, resizeTo } from '../lib/motion';
import { addMember, openInSpace } from '../lib/spaces';
import { settledDialog, toastWith } from '../lib/wallets';

/**
 * Risk control and the platform API of an exchange account (issue 17), in the browser, on a
 * server of this file's own whose ccxt clients reach the exchange STAND-IN (e2e/lib/exchange-bed.ts):
 * the admin of a Binance trading account makes themself its risk-control user and keeps a rule
 * (BTC/USDT only, at most 500 USDT an order; e-mail code risk_control), creates the platform API
 * key (code exchange_api_key; the secret shown once), and a bot's order sent from Node through
 * POST /api/v1/sign/hmac (HMAC-SHA256 as escrow.ts documents it) is refused by the rule and shows
 * in the escrow log with the limit it broke; an allowed one is placed at the stand-in; the IP
 * whitelist (code exchange_settings) refuses a bot calling from elsewhere. Then maker-checker: the
 * admin gives the account an approver, another risk-control user's change of the rule waits for
 * them, and the approver (each in a browser of their own) sees what it changes and approves it.
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
      await pickMember(page, users, 'risk-users', email);
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
  it(
    'maker-checker: a risk-control user’s rule change waits for the approver the admin chose, who sees what it changes and approves it',
    { timeout: 120_000 },
    async () => {
      const { email, session } = bed.admin;
      // Two members: one keeps the rules with the admin (a fresh address: the admin's risk_control
      // code was e-mailed within the minute a code may not be sent again), one approves.
      // (One after the other: a registration answers the newest captcha drawn.)
      const keeper = await registerAccount();
      const approver = await registerAccount();
      for (const member of [keeper, approver]) await addMember(session, member);
      const nameOf = (who: { session: typeof session }) =>
        who.session
          .call<{ user_id: number; nickname: string; email: string }>('GET', '/api/v1/user/base-info')
          .then((user) => ({ id: user.user_id, name: user.nickname || user.email }));
      const [admin, keeperUser, approverUser] = await Promise.all([
        nameOf(bed.admin),
        nameOf(keeper),
        nameOf(approver),
      ]);
      await session.call('PUT', '/api/v1/wallets/risk-control-user', {
        wallet_id: walletId,
        user_ids: [admin.id, keeperUser.id],
      });
      // From a known start (also on a retry): no approvers, no waiting change, and the spot limit
      // rule allows at most 500 USDT an order.
      const start = await riskApprovalOff(session, walletId);
      if (Number(start.rules.find((item) => item.trade_category === 1)?.max_order_usdt ?? NaN) !== 500) {
        const seen = await mailIds(email);
        await session.call('POST', '/api/v1/email-code', {
          category: 'risk_control',
          language_code: 'en-US',
        });
        await session.call('POST', `${V4}/escrow/risk-control-rules`, {
          wallet_id: walletId,
          tactic_type: 1,
          rules: [{ trade_category: 1, symbols: ['BTC/USDT'], max_order_usdt: '500' }],
          email_code: await waitForCode(email, seen, 'code:risk_control'),
        });
      }
      const riskTab = `/wallet/exchange-wallet/${walletId}?tab=risk`;

      // The admin makes the approver member the approver of the account's rule changes.
      const { page, context } = await newPage(browser);
      await openInSpace(page, session, bed.spaceId, riskTab);
      const approval = page.getByTestId('risk-approval');
      expect(await approval.getByTestId('risk-approval-rule').innerText()).toBe(
        "Off: a risk-control user's change applies at once",
      );
      await approval.getByTestId('risk-approval-edit').click();
      const approvers = await settledDialog(page, 'Approval of rule changes');
      await pickMember(page, approvers, 'risk-approvers', approver.email);
      expect(await approvers.locator('#risk-approval-threshold').inputValue()).toBe('1');
      await approvers.getByTestId('risk-approval-save').click();
      await toastWith(page, 'The approvers of rule changes are saved.');
      await modalClosed(page);
      await expect
        .poll(() => approval.getByTestId('risk-approval-rule').innerText())
        .toBe('Each change needs 1 approval');
      expect(await approval.getByTestId('risk-approver').innerText()).toBe(approverUser.name);

      // The other risk-control user raises the per-order maximum to 800 USDT: it waits for the
      // approver, the rule in force stays at 500 and nothing else changes meanwhile.
      const maker = await newPage(browser);
      await openInSpace(maker.page, keeper.session, bed.spaceId, riskTab);
      const risk = maker.page.getByTestId('risk-control');
      const card = risk.getByTestId('risk-rule-1');
      await card.getByTestId('risk-rule-edit').click();
      const edit = await settledDialog(maker.page, 'Edit the risk-control rule');
      await edit.getByTestId('risk-rule-max_order_usdt').fill('800');
      await enterEmailCode(edit, keeper.email, 'risk_control');
      await edit.getByTestId('risk-rule-dialog-submit').click();
      await toastWith(maker.page, 'Sent for approval');
      await modalClosed(maker.page);
      const change = risk.getByTestId('risk-change');
      await change.waitFor();
      expect(await risk.getByTestId('risk-strategy-status').innerText()).toBe('Waiting for approval');
      expect(await change.getByTestId('risk-change-progress').innerText()).toBe('0 of 1 approvals');
      expect(await change.getByTestId('risk-change-next').innerText()).toBe(
        `Waiting for ${approverUser.name} to decide.`,
      );
      expect(await change.getByTestId('risk-change-approve').count()).toBe(0);
      expect(await card.getByTestId('risk-rule-max-order-usdt').innerText()).toBe('500 USDT');
      expect(await card.getByTestId('risk-rule-edit').isDisabled()).toBe(true);
      expect(await risk.getByTestId('risk-rule-add').isDisabled()).toBe(true);
      await risk.getByTestId('risk-locked').waitFor();
      await dismissToasts(maker.page);
      await pictures(maker.page, 'exchange-risk-change-proposer', change);
      await maker.context.close();

      // The approver, in a browser of their own: what changes (500 → 800 USDT), who proposed it, their turn.
      const checker = await newPage(browser);
      await openInSpace(checker.page, approver.session, bed.spaceId, riskTab);
      const waiting = checker.page.getByTestId('risk-change');
      await waiting.waitFor();
      expect(await waiting.getByTestId('risk-change-proposed').innerText()).toContain(
        `Proposed by ${keeperUser.name}`,
      );
      const changed = waiting.getByTestId('risk-change-rule-1');
      expect(await changed.getByTestId('risk-change-kind').innerText()).toBe('Changed');
      const maxOrder = changed.getByTestId('risk-change-max_order_usdt');
      expect(await maxOrder.locator('del').innerText()).toBe('500 USDT');
      expect(await maxOrder.locator('strong').innerText()).toBe('800 USDT');
      expect(await changed.getByTestId('risk-change-symbols').innerText()).toBe('BTC/USDT');
      expect(await waiting.getByTestId('risk-change-next').innerText()).toBe(
        'Your decision is needed: approve or reject this change.',
      );
      expect(await waiting.getByTestId('risk-change-withdraw').count()).toBe(0);
      await dismissToasts(checker.page);
      await pictures(checker.page, 'exchange-risk-change-approver', waiting);
      await waiting.getByTestId('risk-change-comment').fill('Fine for the grid bot');
      await waiting.getByTestId('risk-change-approve').click();
      await toastWith(checker.page, 'The change is approved and now in force.');
      await waiting.waitFor({ state: 'detached' });
      const inForce = checker.page.getByTestId('risk-rule-1');
      expect(await inForce.getByTestId('risk-rule-max-order-usdt').innerText()).toBe('800 USDT');
      expect(await checker.page.getByTestId('risk-strategy-status').innerText()).toBe('Effective');
      await checker.context.close();

      // The admin's page, read again: the new rule in force, editable again. The header's "Edit":
      // a remark, and the approver made a viewer too.
      await page.reload();
      const adminCard = page.getByTestId('risk-rule-1');
      await adminCard.waitFor();
      expect(await adminCard.getByTestId('risk-rule-max-order-usdt').innerText()).toBe('800 USDT');
      expect(await adminCard.getByTestId('risk-rule-edit').isDisabled()).toBe(false);
      expect(await page.getByTestId('risk-change').count()).toBe(0);
      await page.getByTestId('exchange-edit').click();
      const details = await settledDialog(page, 'Edit the exchange account');
      await details.getByTestId('exchange-edit-remark').fill('Grid bot desk');
      await pickMember(page, details, 'exchange-viewers', approver.email);
      await pictures(page, 'exchange-edit-dialog', details);
      await details.getByTestId('exchange-edit-save').click();
      await toastWith(page, 'The exchange account is saved.');
      await modalClosed(page);
      await expect
        .poll(() => page.getByTestId('exchange-detail-facts').innerText())
        .toContain('Grid bot desk');
      await context.close();
    },
  );
});
