/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/test/stripe-stand-in';
import {
  baseURL,
  dismissToasts,
  launchBrowser,
  newPage,
  pictures,
  screenshot,
  toastText,
  useServer,
} from '../lib/browser';
import { modalClosed } from '../lib/motion';
import { startServerProcess, type ServerProcess } from '../lib/server-process';
import { createSpace, openInSpace, registerCreator } from '../lib/spaces';
import { subscriptionOrder, subscriptionOrders } from '../lib/subscription-pay';
import { settledDialog } from '../lib/wallets';

const KEY = 'sk_test_e2e_stand_in_key_0123456789';
const WEBHOOK_SECRET = 'whsec_e2e_stand_in_webhook_secret';
/** The host of the stand-in's Checkout Session URLs; the browser's requests to it are answered here. */
const CHECKOUT_HOST = 'checkout.stripe.test';
const DAY = 86_400_000;

interface BaseInfo {
  vip_category: string;
  vip_data: { vip_expired_time: string | null };
}

/** YYYY-MM-DD of an instant in this machine's time zone (the browser's as well). */
const localDate = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * Card payments of subscriptions (Stripe Checkout), in the browser, against a server of this
 * file's own configured with a Stripe key, a webhook secret and a local stand-in of the Stripe
 * API (apps/server/test/stripe-stand-in.ts). The stand-in's Checkout page is a tiny HTML page
 * the browser context answers itself (no Stripe network access); the payment's confirmation is
 * the `checkout.session.completed` event, signed with the webhook secret by the `stripe`
 * package's own test helper and posted to the server's webhook as Stripe would.
 */
describe('subscription upgrade paid by card (Stripe Checkout)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-card-'));
  let stand: StripeStandIn;
  let server: ServerProcess | null = null;
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    stand = await startStripeStandIn(KEY);
    server = await startServerProcess(dataDir, {
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stand.url,
    });
    useServer(server.baseURL);
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 120_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
    await stand?.close();
    useServer(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Stripe's hosted page, as the stand-in's session describes it: the amount, "paid" and "back" links. */
  async function serveCheckoutPages(context: BrowserContext): Promise<void> {
    await context.route(`https://${CHECKOUT_HOST}/**`, async (route) => {
      const id = new URL(route.request().url()).pathname.split('/').pop()!;
      const session = stand.sessions.get(id) as
        { amount_total: number; success_url: string; cancel_url: string } | undefined;
      if (!session) return route.fulfill({ status: 404, body: 'no such session' });
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>Stripe Checkout (stand-in)</title>
<h1>Stripe Checkout stand-in</h1>
<p data-testid="checkout-amount">${(session.amount_total / 100).toFixed(2)} USD</p>
<a data-testid="checkout-success" href="${session.success_url}">Paid: back to Keystead</a>
<a data-testid="checkout-cancel" href="${session.cancel_url}">Back without paying</a>`,
      });
    });
  }

  /** The Checkout Session the browser was sent to (it is on the stand-in's page). */
  function checkoutSession(page: Page) {
    const url = new URL(page.url());
    expect(url.host).toBe(CHECKOUT_HOST);
    const session = stand.sessions.get(url.pathname.split('/').pop()!);
    expect(session, 'the page is a session the stand-in made').toBeDefined();
    return session as { id: string; client_reference_id: string; url: string };
  }

  /** `checkout.session.completed` for the session, paid, with Stripe's signature header. */
  function completedEvent(sessionId: string) {
    const session = stand.sessions.get(sessionId)!;
    const payload = JSON.stringify({
      id: `evt_test_e2e_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return { payload, signature };
  }

  /** Posts the raw event to the webhook as Stripe does; the outcome the server reports. */
  async function deliver(event: { payload: string; signature: string }): Promise<string | undefined> {
    const reply = await fetch(`${baseURL()}/api/v1/subscription/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
      body: event.payload,
    });
    const body = (await reply.json()) as { code: string; data: { outcome: string } | null };
    expect([reply.status, body.code]).toEqual([200, 'OK']);
    return body.data?.outcome;
  }

  /** Opens the wizard on the plan tab and chooses Plus, `months` and Card. */
  async function chooseCard(page: Page, months: 1 | 3) {
    const tab = page.getByTestId('plan-tab');
    await tab.getByTestId('subscription-upgrade').click();
    const wizard = await settledDialog(page, 'Upgrade the plan');
    await wizard.getByTestId('subscription-plan-plus').click();
    await wizard.getByTestId(`subscription-months-${months}`).click();
    // The test id sits on the radio's hidden input: the tile is its label.
    await wizard
      .locator('label')
      .filter({ has: page.getByTestId('subscription-method-card') })
      .click();
    expect(await wizard.getByTestId('subscription-method-card').isChecked()).toBe(true);
    return wizard;
  }

  it(
    'Plus for 3 months: Stripe’s page, the order pending, the signed event credits it once',
    { timeout: 90_000 },
    async () => {
      const admin = await registerCreator();
      const space = await createSpace(admin.session, 'Card space');
      const { page, context } = await newPage(browser);
      await serveCheckoutPages(context);
      await openInSpace(page, admin.session, space.organization_id, '/organization/settings?tab=plan');
      const tab = page.getByTestId('plan-tab');
      await expect.poll(() => tab.getByTestId('plan-current').getAttribute('data-plan')).toBe('free');

      const wizard = await chooseCard(page, 3);
      await expect
        .poll(() => wizard.getByTestId('subscription-total').innerText())
        .toContain('Plus for 3 months: 282.15 USD');
      expect(await wizard.getByTestId('subscription-total').innerText()).toContain(
        'You pay 282.15 USD on Stripe’s secure payment page',
      );
      // No chain to choose for a card.
      expect(await wizard.getByText('Pay USDT on').count()).toBe(0);
      const pay = wizard.getByTestId('subscription-create');
      expect(await pay.innerText()).toBe('Pay by card');
      await pictures(page, 'card-choose', wizard);

      // The order, then Stripe's page.
      await pay.click();
      await page.waitForURL((url) => url.host === CHECKOUT_HOST);
      const session = checkoutSession(page);
      const orderId = Number(session.client_reference_id);
      const asked = stand.requests.at(-1)!;
      expect(asked.problems).toEqual([]);
      expect(asked.form).toMatchObject({
        'line_items[0][price_data][unit_amount]': '28215',
        success_url: `${baseURL()}/organization/settings?tab=plan&order_id=${orderId}`,
        cancel_url: `${baseURL()}/organization/settings?tab=plan`,
      });
      expect(await page.getByTestId('checkout-amount').innerText()).toBe('282.15 USD');
      const created = await subscriptionOrder(admin.session, orderId);
      expect(created).toMatchObject({
        plan: 'plus',
        months: 3,
        status: 'pending',
        method: 'card',
        price: '282.15',
        amount: '282.15',
        token_symbol: 'USD',
        checkout_url: session.url,
      });

      // Back without paying: the order waits in the list, and opens with a way back to Stripe.
      await page.getByTestId('checkout-cancel').click();
      const row = tab.getByTestId(`subscription-order-row-${orderId}`);
      await expect
        .poll(() => row.getByTestId('subscription-order-status').getAttribute('data-status'))
        .toBe('pending');
      expect(await tab.getByTestId('plan-current').getAttribute('data-plan')).toBe('free');
      await row.getByTestId('subscription-order-open').click();
      const pending = (await settledDialog(page, `Subscription order #${orderId}`)).getByTestId(
        'subscription-order',
      );
      await expect
        .poll(() => pending.getByTestId('subscription-status').getAttribute('data-status'))
        .toBe('pending');
      const pendingText = await pending.innerText();
      expect(pendingText).toContain('Plus · 3 months');
      expect(pendingText).toContain('282.15 USD');
      expect(pendingText).toContain('Complete the card payment on Stripe’s page');
      await pictures(page, 'card-pending', pending);

      // Paying: Stripe's page again, Stripe's event, then Stripe sends the browser back.
      await pending.getByTestId('subscription-continue-card').click();
      await page.waitForURL((url) => url.host === CHECKOUT_HOST);
      expect(checkoutSession(page).id).toBe(session.id);
      const before = Date.now();
      const event = completedEvent(session.id);
      expect(await deliver(event)).toBe('credited');
      await page.getByTestId('checkout-success').click();
      await page.waitForURL((url) => url.host === new URL(baseURL()).host);

      // The success URL names the order: the wizard shows it paid.
      const paid = page.getByRole('dialog').getByTestId('subscription-paid');
      await paid.waitFor();
      const credited = await subscriptionOrder(admin.session, orderId);
      expect(credited.status).toBe('paid');
      expect(credited.plan_expires_at).not.toBeNull();
      const endsAt = Date.parse(credited.plan_expires_at!);
      expect(endsAt).toBeGreaterThanOrEqual(before + 90 * DAY - 1000);
      expect(endsAt).toBeLessThanOrEqual(Date.now() + 90 * DAY);
      const end = localDate(credited.plan_expires_at!);
      expect(await paid.innerText()).toContain(`Payment received: Plus until ${end}`);
      expect(await paid.getByTestId('subscription-status').getAttribute('data-status')).toBe('paid');
      await dismissToasts(page);
      await pictures(page, 'card-paid', paid);

      await page.locator('.ant-modal-close').click();
      await modalClosed(page);
      await expect.poll(() => tab.getByTestId('plan-current').getAttribute('data-plan')).toBe('plus');
      expect(await tab.getByTestId('plan-expiry').innerText()).toBe(end);
      expect(await tab.getByTestId('subscription-upgrade').innerText()).toBe('Extend');
      await expect
        .poll(() => row.getByTestId('subscription-order-status').getAttribute('data-status'))
        .toBe('paid');
      // Status, plan, months, amount and how it was paid.
      const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
      expect(cells.slice(1, 6)).toEqual(['Paid', 'Plus', '3 months', '282.15 USD', 'Card']);
      await pictures(page, 'card-plan-tab', tab.getByTestId('subscription-orders'));

      // Stripe delivers the same event again: nothing changes.
      const info = () => admin.session.call<BaseInfo>('GET', '/api/v1/organization/base-info');
      const once = await info();
      expect(once.vip_category).toBe('plus');
      expect(Date.parse(once.vip_data.vip_expired_time!)).toBe(endsAt);
      expect(await deliver(event)).toBe('duplicate');
      const twice = await info();
      expect(twice.vip_category).toBe('plus');
      expect(twice.vip_data.vip_expired_time).toBe(once.vip_data.vip_expired_time);
      expect((await subscriptionOrders(admin.session)).list.map((o) => [o.order_id, o.status])).toEqual([
        [orderId, 'paid'],
      ]);
      await page.reload();
      await expect.poll(() => tab.getByTestId('plan-current').getAttribute('data-plan')).toBe('plus');
      expect(await tab.getByTestId('plan-expiry').innerText()).toBe(end);
      await context.close();
    },
  );

  it('Stripe refusing the session: "Payment failed. Please retry." in the wizard, no order, nothing charged', async () => {
    const admin = await registerCreator();
    const space = await createSpace(admin.session, 'Card refused space');
    const { page, context } = await newPage(browser);
    await serveCheckoutPages(context);
    await openInSpace(page, admin.session, space.organization_id, '/organization/settings?tab=plan');
    const tab = page.getByTestId('plan-tab');
    await expect
      .poll(() => tab.getByTestId('subscription-orders').innerText())
      .toContain('No subscription orders yet');

    const wizard = await chooseCard(page, 1);
    await expect
      .poll(() => wizard.getByTestId('subscription-total').innerText())
      .toContain('Plus for 1 month: 99.00 USD');
    const requests = stand.requests.length;
    const sessions = stand.sessions.size;
    stand.failWith = 500;
    try {
      await wizard.getByTestId('subscription-create').click();
      expect(await toastText(page)).toContain('Payment failed. Please retry.');
    } finally {
      stand.failWith = null;
    }
    // One session was asked for (the client retries a 500 once, under the same idempotency key)
    // and none made; the browser stays on the wizard, ready to retry.
    const asked = stand.requests.slice(requests);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(stand.sessions.size).toBe(sessions);
    expect(new URL(page.url()).host).toBe(new URL(baseURL()).host);
    await wizard.getByTestId('subscription-choose').waitFor();
    const pay = wizard.getByTestId('subscription-create');
    await expect.poll(() => pay.getAttribute('class')).not.toContain('ant-btn-loading');
    expect(await pay.isEnabled()).toBe(true);
    await screenshot(page, 'card-failed');
    expect((await subscriptionOrders(admin.session)).list).toEqual([]);
    const info = await admin.session.call<BaseInfo>('GET', '/api/v1/organization/base-info');
    expect(info.vip_category).toBe('free');
    await context.close();
  });
});
