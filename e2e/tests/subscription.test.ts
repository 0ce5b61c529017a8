/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseUnits, type Hex } from 'viem';
import { dismissToasts, launchBrowser, newPage, screenshot } from '../lib/browser';
import { modalClosed, resizeTo } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { createSpace, openInSpace, registerCreator } from '../lib/spaces';
import {
  fundedPayer,
  sendToken,
  subscriptionOrder,
  subscriptionOrders,
  type SubscriptionOrder,
} from '../lib/subscription-pay';
import { settledDialog } from '../lib/wallets';

const PHONE = { width: 375, height: 812 };
const DEVNET = '31337';

interface Plans {
  methods: Array<{ chain_key: string; token_contract: Hex; decimals: number }>;
}

/** YYYY-MM-DD of an instant in this machine's time zone (the browser's as well). */
const localDate = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** No part of the page is wider than the window (nothing scrolls sideways). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Issue 18, subscriptions: an admin of a free space upgrades to Plus through the plan tab and
 * pays the order in the devnet's test USDT. A transfer of one millionth less is not matched; the
 * exact amount is credited, the page says so by itself, the plan tab shows Plus with its end and
 * the order list the paid order with its transaction. In Chinese at phone width the wizard, the
 * order and the list read and fit, a failed load of the prices offers Retry, and an open order is
 * reopened from the list.
 */
describe('subscription upgrade paid in USDT', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it(
    'Plus for one month: a wrong amount stays unmatched, the exact amount is credited',
    { timeout: 120_000 },
    async () => {
      const admin = await registerCreator();
      const space = await createSpace(admin.session, 'Subscription space');
      const plans = await admin.session.call<Plans>('GET', '/api/v1/subscription/plans');
      const devnet = plans.methods.find((method) => method.chain_key === DEVNET);
      expect(devnet, 'the devnet is a USDT payment method').toBeDefined();
      // The payer is funded while the browser works.
      const funding = fundedPayer(admin.session, devnet!.token_contract, '200');

      const { page, context } = await newPage(browser);
      await openInSpace(page, admin.session, space.organization_id, '/organization/settings?tab=plan');
      const tab = page.getByTestId('plan-tab');
      await expect.poll(() => tab.getByTestId('plan-current').getAttribute('data-plan')).toBe('free');
      await expect
        .poll(() => tab.getByTestId('subscription-orders').innerText())
        .toContain('No subscription orders yet');
      const upgrade = tab.getByTestId('subscription-upgrade');
      expect(await upgrade.innerText()).toBe('Upgrade');

      await upgrade.click();
      const wizard = await settledDialog(page, 'Upgrade the plan');
      await wizard.getByTestId('subscription-plan-plus').click();
      await wizard.getByTestId('subscription-months-3').click();
      await expect
        .poll(() => wizard.getByTestId('subscription-total').innerText())
        .toContain('Plus for 3 months: 282.15 USDT');
      expect(await wizard.getByTestId('subscription-months-3').innerText()).toContain('5% off');
      await wizard.getByTestId('subscription-months-1').click();
      await wizard.getByTestId(`subscription-chain-${DEVNET}`).click();
      await expect
        .poll(() => wizard.getByTestId('subscription-total').innerText())
        .toContain('Plus for 1 month: 99.00 USDT');
      await screenshot(page, 'subscription-choose');
      await wizard.getByTestId('subscription-create').click();

      const view = page.getByRole('dialog').getByTestId('subscription-order');
      await view.waitFor();
      const orderId = Number(await view.getAttribute('data-order-id'));
      const created = await subscriptionOrder(admin.session, orderId);
      expect(created).toMatchObject({
        plan: 'plus',
        months: 1,
        status: 'pending',
        chain_key: DEVNET,
        price: '99.00',
      });
      // The exact amount is the price and this order's own millionths.
      expect(created.amount).toMatch(/^99\.\d{6}$/);
      expect(await view.getByTestId('subscription-amount').innerText()).toBe(created.amount);
      expect(await view.getByTestId('subscription-pay-to').innerText()).toBe(created.pay_to);
      expect(await view.getByTestId('subscription-status').getAttribute('data-status')).toBe('pending');
      expect(await view.getByTestId('subscription-exact-warning').innerText()).toContain(
        `Send exactly ${created.amount} USDT`,
      );
      expect(await view.getByTestId('subscription-token-chain').innerText()).toMatch(/^USDT on \S/);
      await view.getByTestId('subscription-qr').waitFor();
      await expect
        .poll(() => view.getByTestId('subscription-time-left').innerText())
        .toMatch(/^2[34] h \d\d min$/);
      await screenshot(page, 'subscription-order');

      // One millionth less first, then the exact amount, in a later block: the watcher reads the
      // blocks in order, so by the time the exact payment is credited the wrong one has been read.
      const payer = await funding;
      const units = parseUnits(created.amount, devnet!.decimals);
      const wrong = await sendToken(payer, created.token_contract, created.pay_to, units - 1n);
      const exact = await sendToken(payer, created.token_contract, created.pay_to, units);
      expect(exact.blockNumber).toBeGreaterThan(wrong.blockNumber);

      // The open window turns to paid by itself (it asks every few seconds).
      const paid = page.getByRole('dialog').getByTestId('subscription-paid');
      await paid.waitFor({ timeout: 60_000 });
      const credited = await subscriptionOrder(admin.session, orderId);
      expect(credited.status).toBe('paid');
      expect(credited.tx_hash?.toLowerCase()).toBe(exact.hash.toLowerCase());
      expect(credited.plan_expires_at).not.toBeNull();
      const end = localDate(credited.plan_expires_at!);
      // About 30 days from now.
      const days = (Date.parse(credited.plan_expires_at!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThan(31);
      expect(await paid.innerText()).toContain(`Plus until ${end}`);
      expect(await paid.getByTestId('subscription-status').getAttribute('data-status')).toBe('paid');
      // The server's own notice of the payment arrives as a toast: closed for the picture.
      await dismissToasts(page);
      await screenshot(page, 'subscription-paid');
      // The wrong amount matched nothing: still the one order, credited by the exact transfer.
      const list = (await subscriptionOrders(admin.session)).list;
      expect(list.map((order: SubscriptionOrder) => [order.order_id, order.status])).toEqual([
        [orderId, 'paid'],
      ]);

      await page.locator('.ant-modal-close').click();
      await modalClosed(page);
      await expect.poll(() => tab.getByTestId('plan-current').getAttribute('data-plan')).toBe('plus');
      expect(await tab.getByTestId('plan-current').innerText()).toBe('Plus');
      expect(await tab.getByTestId('plan-expiry').innerText()).toBe(end);
      expect(await upgrade.innerText()).toBe('Extend');
      const row = tab.getByTestId(`subscription-order-row-${orderId}`);
      await expect
        .poll(() => row.getByTestId('subscription-order-status').getAttribute('data-status'))
        .toBe('paid');
      expect(await row.getByTestId('subscription-order-tx').getAttribute('data-hash')).toBe(credited.tx_hash);
      expect(await row.innerText()).toContain(`${created.amount} USDT`);
      await tab.getByTestId('subscription-orders').scrollIntoViewIfNeeded();
      await screenshot(page, 'subscription-plan-tab');
      const info = await admin.session.call<{ vip_category: string }>(
        'GET',
        '/api/v1/organization/base-info',
      );
      expect(info.vip_category).toBe('plus');
      await context.close();
    },
  );

  it('zh-CN at 375 px: Retry after a failed list, the wizard and the order fit, the open order reopens from the list', async () => {
    const admin = await registerCreator();
    const space = await createSpace(admin.session, '订阅空间');
    const { page, context } = await newPage(browser, PHONE);
    await failOnce(page, '**/api/v1/subscription/orders');
    await openInSpace(
      page,
      admin.session,
      space.organization_id,
      '/organization/settings?tab=plan&lang=zh-CN',
    );
    await resizeTo(page, PHONE);
    const tab = page.getByTestId('plan-tab');
    // The order list failed once: said so, and Retry loads it.
    const orders = tab.getByTestId('subscription-orders');
    await orders.getByTestId('query-error').waitFor();
    await orders.getByTestId('query-retry').click();
    await expect.poll(() => orders.innerText()).toContain('暂无订阅订单');
    const upgrade = tab.getByTestId('subscription-upgrade');
    expect(await upgrade.innerText()).toBe('升级');
    await upgrade.click();
    const wizard = await settledDialog(page, '升级套餐');
    await wizard.getByTestId('subscription-plan-enterprise').click();
    await wizard.getByTestId('subscription-months-12').click();
    await wizard.getByTestId(`subscription-chain-${DEVNET}`).click();
    // 499 × 12 less 20 %.
    await expect
      .poll(() => wizard.getByTestId('subscription-total').innerText())
      .toContain('12 个月：4790.40 USDT');
    expect(await wizard.getByTestId('subscription-months-12').innerText()).toContain('优惠 20%');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'subscription-choose-zh-375');
    await wizard.getByTestId('subscription-create').click();

    const view = page.getByRole('dialog').getByTestId('subscription-order');
    await view.waitFor();
    const orderId = Number(await view.getAttribute('data-order-id'));
    const order = await subscriptionOrder(admin.session, orderId);
    expect(order).toMatchObject({ plan: 'enterprise', months: 12, status: 'pending', price: '4790.40' });
    expect(await view.getByTestId('subscription-status').innerText()).toBe('待支付');
    expect(await view.getByTestId('subscription-exact-warning').innerText()).toContain(
      `请准确转账 ${order.amount} USDT`,
    );
    await view.getByTestId('subscription-qr').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'subscription-order-zh-375');

    await page.locator('.ant-modal-close').click();
    await modalClosed(page);
    const row = tab.getByTestId(`subscription-order-row-${orderId}`);
    await expect.poll(() => row.getByTestId('subscription-order-status').innerText()).toBe('待支付');
    await tab.getByTestId('subscription-orders').scrollIntoViewIfNeeded();
    await screenshot(page, 'subscription-orders-zh-375');
    await row.getByTestId('subscription-order-open').click();
    const reopened = page.getByRole('dialog').getByTestId('subscription-order');
    await expect.poll(() => reopened.getByTestId('subscription-amount').innerText()).toBe(order.amount);
    expect(await reopened.getByTestId('subscription-pay-to').innerText()).toBe(order.pay_to);
    await context.close();
  });
});
