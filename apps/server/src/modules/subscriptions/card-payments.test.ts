// Card payments of subscription orders (Stripe Checkout): the real `stripe` client talks to a
// local stand-in of the Stripe API; webhooks are signed with Stripe's own test header helper.
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { SubscriptionOrder, SubscriptionPlans } from '@keystead/contract';
import { createTestApp, TestClient, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in';
import { ConfigError, loadConfig } from '../../config';
import { stripeEndpoint } from './stripe-client';

const DAY = 86_400_000;
const KEY = 'sk_test_stand_in_secret_key_0123456789';
const WEBHOOK_SECRET = 'whsec_stand_in_webhook_secret';
const WEBHOOK = '/api/v1/subscription/stripe/webhook';
let stand: StripeStandIn;
let t: TestApp;
let second: TestApp;
let plain: TestApp;
let down: TestApp;
let admin: Person;
let spaceId: number;
const downLog: string[] = [];

/** The admin's session on another app over the same database (another server process). */
function on(app: TestApp): TestClient {
  const client = new TestClient(app.app, 'en-US', admin.client.ip);
  for (const [name, value] of admin.client.cookies) client.cookies.set(name, value);
  client.spaceId = spaceId;
  return client;
}
const orderBy = (client: TestClient, body: object) =>
  client.post<SubscriptionOrder>('/api/v1/subscription/order', { method: 'card', ...body });
const plan = () =>
  t.ctx.db
    .selectFrom('organizations')
    .select(['plan', 'plan_expires_at'])
    .where('id', '=', spaceId)
    .executeTakeFirstOrThrow();
const orderRow = (id: number) =>
  t.ctx.db.selectFrom('subscription_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

let eventNumber = 0;
/** A Stripe event about the stand-in's session, as Stripe would send it, and its signature header. */
function signedEvent(
  sessionId: string,
  options: { session?: object; type?: string; id?: string; secret?: string; timestamp?: number } = {},
) {
  const session = stand.sessions.get(sessionId)!;
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${(eventNumber += 1)}_${Date.now()}`,
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...session, status: 'complete', payment_status: 'paid', ...options.session } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}
async function deliver(app: TestApp, event: { payload: string; signature: string }) {
  const response = await app.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload: event.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
  });
  const body = JSON.parse(response.body) as { code: string; data: { outcome: string } | null };
  return { status: response.statusCode, code: body.code, outcome: body.data?.outcome ?? null };
}
const sessionOf = async (order: SubscriptionOrder) => (await orderRow(order.order_id)).checkout_session_id!;

/** A port nothing listens on: the provider is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  stand = await startStripeStandIn(KEY);
  const stripe = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url };
  t = await createTestApp({ ...stripe, PUBLIC_URL: 'https://keystead.example' }, { chains: [] });
  second = await createTestApp(stripe, { chains: [], sharedSchemaOf: t });
  plain = await createTestApp({}, { chains: [], sharedSchemaOf: t });
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      downLog.push(chunk.toString());
      done();
    },
  });
  down = await createTestApp(
    { ...stripe, STRIPE_API_URL: `http://127.0.0.1:${await closedPort()}`, LOG_LEVEL: 'info' },
    { chains: [], sharedSchemaOf: t, logStream: log },
  );
  admin = await person(t, { mfa: true, prefix: 'card-payer' });
  spaceId = await createSpace(admin, 'Card payer');
}, 120_000);
afterAll(async () => {
  for (const app of [down, plain, second, t]) await app?.close();
  await stand?.close();
});

describe('offering cards', () => {
  it('says whether cards are accepted: not without a Stripe key, yes with one', async () => {
    const without = await on(plain).get<SubscriptionPlans>('/api/v1/subscription/plans');
    expect(without.code).toBe('OK');
    expect(without.data.card).toBe(false);
    const withKey = await admin.client.get<SubscriptionPlans>('/api/v1/subscription/plans');
    expect(withKey.data.card).toBe(true);
  });

  it('refuses a card order without a Stripe key, and an unknown method', async () => {
    const before = stand.requests.length;
    expect((await orderBy(on(plain), { plan: 'plus', months: 1 })).code).toBe(
      'VIP_PAYMENT_METHOD_UNSUPPORTED_ERROR',
    );
    expect((await orderBy(admin.client, { plan: 'plus', months: 1, method: 'paypal' })).code).toBe(
      'VIP_PAYMENT_METHOD_UNSUPPORTED_ERROR',
    );
    expect(stand.requests.length).toBe(before);
  });

  it('creates the order and a Checkout Session of its price in cents, and answers its address', async () => {
    const reply = await orderBy(admin.client, { plan: 'plus', months: 3 });
    expect(reply.code).toBe('OK');
    expect(reply.data).toMatchObject({
      method: 'card',
      plan: 'plus',
      months: 3,
      status: 'pending',
      price: '282.15',
      amount: '282.15',
      token_symbol: 'USD',
    });
    const seen = stand.requests.at(-1)!;
    expect(seen.problems).toEqual([]);
    expect(seen.form).toMatchObject({
      mode: 'payment',
      client_reference_id: String(reply.data.order_id),
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '28215',
      success_url: `https://keystead.example/organization/settings?tab=plan&order_id=${reply.data.order_id}`,
      cancel_url: 'https://keystead.example/organization/settings?tab=plan',
    });
    const session = stand.sessions.get(await sessionOf(reply.data))!;
    expect(reply.data.checkout_url).toBe(session.url);
    // The order reads the same later (to resume paying).
    const read = await admin.client.get<SubscriptionOrder>('/api/v1/subscription/order', {
      order_id: reply.data.order_id,
    });
    expect(read.data.checkout_url).toBe(session.url);
  });

  it('answers VIP_PAYMENT_PROVIDER_ERROR when Stripe is down or fails, keeps no order, logs no key', async () => {
    const count = async () =>
      (
        await t.ctx.db
          .selectFrom('subscription_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const unreachable = await orderBy(on(down), { plan: 'plus', months: 1 });
    expect([unreachable.status, unreachable.code]).toEqual([400, 'VIP_PAYMENT_PROVIDER_ERROR']);
    expect(unreachable.raw).not.toContain(KEY);
    stand.failWith = 500;
    try {
      const failing = await orderBy(admin.client, { plan: 'plus', months: 1 });
      expect([failing.status, failing.code]).toEqual([400, 'VIP_PAYMENT_PROVIDER_ERROR']);
    } finally {
      stand.failWith = null;
    }
    expect(Number(await count())).toBe(before);
    const logged = downLog.join('');
    expect(logged).toContain('stripe checkout session not created');
    expect(logged).not.toContain(KEY);
  });
});

describe('the webhook', () => {
  it('credits a paid session: the order paid, the plan a month longer, audited, the buyer told', async () => {
    const order = (await orderBy(admin.client, { plan: 'plus', months: 1 })).data;
    const before = Date.now();
    const result = await deliver(t, signedEvent(await sessionOf(order)));
    expect(result).toEqual({ status: 200, code: 'OK', outcome: 'credited' });
    const space = await plan();
    expect(space.plan).toBe('plus');
    expect(space.plan_expires_at!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(space.plan_expires_at!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    const read = (
      await admin.client.get<SubscriptionOrder>('/api/v1/subscription/order', { order_id: order.order_id })
    ).data;
    expect(read).toMatchObject({ status: 'paid', plan_expires_at: space.plan_expires_at!.toISOString() });
    const task = await t.ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', (await orderRow(order.order_id)).task_id)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe(1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['operation', 'content'])
      .where('organization_id', '=', spaceId)
      .where('operation', '=', 'subscription_paid')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.content)).toContain(await sessionOf(order));
    const told = await admin.client.get<{ list: unknown[] }>('/api/v1/notification');
    expect(JSON.stringify(told.data)).toContain('99.00 USD by card');
  });

  it('credits once when the same event is replayed, and when two processes receive it at once', async () => {
    const order = (await orderBy(admin.client, { plan: 'plus', months: 3 })).data;
    const endBefore = (await plan()).plan_expires_at!.getTime();
    const event = signedEvent(await sessionOf(order));
    const both = await Promise.all([deliver(t, event), deliver(second, event)]);
    expect(both.map((r) => r.outcome).sort()).toEqual(['credited', 'duplicate']);
    expect((await deliver(t, event)).outcome).toBe('duplicate');
    // Another event of the same session (e.g. async_payment_succeeded) finds the order paid.
    const later = signedEvent(await sessionOf(order), { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(second, later)).outcome).toBe('already_credited');
    expect((await plan()).plan_expires_at!.getTime()).toBe(endBefore + 90 * DAY);
  });

  it('credits once when two different events of one session arrive at once', async () => {
    const order = (await orderBy(admin.client, { plan: 'plus', months: 1 })).data;
    const endBefore = (await plan()).plan_expires_at!.getTime();
    const session = await sessionOf(order);
    const results = await Promise.all([
      deliver(t, signedEvent(session)),
      deliver(second, signedEvent(session, { type: 'checkout.session.async_payment_succeeded' })),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['already_credited', 'credited']);
    expect((await plan()).plan_expires_at!.getTime()).toBe(endBefore + 30 * DAY);
    const paid = await t.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('organization_id', '=', spaceId)
      .where('operation', '=', 'subscription_paid')
      .execute();
    expect(paid).toHaveLength(3);
  });

  it('does not credit less than the price, another currency or an unpaid session; records each', async () => {
    const order = (await orderBy(admin.client, { plan: 'enterprise', months: 1 })).data;
    const session = await sessionOf(order);
    const endBefore = (await plan()).plan_expires_at!.getTime();
    expect((await deliver(t, signedEvent(session, { session: { amount_total: 49_899 } }))).outcome).toBe(
      'underpaid',
    );
    expect((await deliver(t, signedEvent(session, { session: { currency: 'eur' } }))).outcome).toBe(
      'underpaid',
    );
    expect((await deliver(t, signedEvent(session, { session: { payment_status: 'unpaid' } }))).outcome).toBe(
      'unpaid',
    );
    expect((await orderRow(order.order_id)).status).toBe(0);
    expect((await plan()).plan_expires_at!.getTime()).toBe(endBefore);
    const events = await t.ctx.db
      .selectFrom('subscription_card_events')
      .select(['outcome', 'amount_total', 'order_id'])
      .where('session_id', '=', session)
      .orderBy('received_at')
      .execute();
    expect(events.map((e) => [e.outcome, Number(e.amount_total), e.order_id])).toEqual([
      ['underpaid', 49_899, order.order_id],
      ['underpaid', 49_900, order.order_id],
      ['unpaid', 49_900, order.order_id],
    ]);
  });

  it('credits an order that expired while Stripe was taking the card; ignores other events and sessions', async () => {
    const order = (await orderBy(admin.client, { plan: 'plus', months: 1 })).data;
    await t.ctx.db
      .updateTable('subscription_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.order_id)
      .execute();
    const read = () =>
      admin.client.get<SubscriptionOrder>('/api/v1/subscription/order', { order_id: order.order_id });
    expect((await read()).data.status).toBe('expired');
    const session = await sessionOf(order);
    expect((await deliver(t, signedEvent(session, { type: 'checkout.session.expired' }))).outcome).toBe(
      'ignored',
    );
    stand.sessions.set('cs_test_elsewhere', { ...stand.sessions.get(session)!, id: 'cs_test_elsewhere' });
    expect((await deliver(t, signedEvent('cs_test_elsewhere'))).outcome).toBe('unknown_order');
    expect((await deliver(t, signedEvent(session))).outcome).toBe('credited');
    expect((await read()).data.status).toBe('paid');
  });

  it('refuses a forged signature, a changed body and a stale timestamp', async () => {
    const order = (await orderBy(admin.client, { plan: 'plus', months: 1 })).data;
    const session = await sessionOf(order);
    const forged = await deliver(t, signedEvent(session, { secret: 'whsec_someone_else' }));
    expect([forged.status, forged.code]).toEqual([400, 'SIGNATURE_INVALID_ERROR']);
    const genuine = signedEvent(session);
    const changed = await deliver(t, {
      payload: genuine.payload.replace('"paid"', '"paid" '),
      signature: genuine.signature,
    });
    expect([changed.status, changed.code]).toEqual([400, 'SIGNATURE_INVALID_ERROR']);
    const stale = await deliver(t, signedEvent(session, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect([stale.status, stale.code]).toEqual([400, 'SIGNATURE_INVALID_ERROR']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: genuine.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect([unsigned.statusCode, JSON.parse(unsigned.body).code]).toEqual([400, 'SIGNATURE_INVALID_ERROR']);
    expect((await orderRow(order.order_id)).status).toBe(0);
    // The genuine event still credits (nothing above was recorded as it).
    expect((await deliver(t, genuine)).outcome).toBe('credited');
  });
});

describe('configuration', () => {
  it('needs the webhook secret with the key, and reads STRIPE_API_URL as host, port and protocol', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_API_URL: 'ftp://stripe' })).toThrow(ConfigError);
    expect(stripeEndpoint('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeEndpoint('https://stripe.internal/')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeEndpoint('http://[::1]:8080')).toEqual({ host: '::1', port: 8080, protocol: 'http' });
    expect(stripeEndpoint(undefined)).toEqual({});
  });
});
