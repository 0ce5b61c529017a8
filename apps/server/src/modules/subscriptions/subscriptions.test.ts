// Subscriptions paid in USDT (issue 18; §4 task type 7): orders named by their exact amount,
// paid with real ERC-20 transfers on the Hardhat devnet's test USDT, credited by the watcher once
// (also when two server processes read the same blocks), the plan extended, audited, told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseUnits, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { SubscriptionOrder, SubscriptionPlans } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { sendFrom } from '../../../test/wallet-helpers';
import { creditSubscriptions, extendedEnd } from './subscription-payments';

const DAY = 86_400_000;
let t: TestApp;
let admin: Person;
let member: Person;
let other: Person;
let spaceId: number;
let payer: Hex;
let usdt: string;

async function pay(order: SubscriptionOrder, amount = order.amount) {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [order.pay_to as Hex, parseUnits(amount, 6)],
  });
  return sendFrom(payer, { to: usdt, data });
}
const order = (who: Person, body: object) =>
  who.client.post<SubscriptionOrder>('/api/v1/subscription/order', { chain_key: '31337', ...body });
const read = async (who: Person, id: number) =>
  (await who.client.get<SubscriptionOrder>('/api/v1/subscription/order', { order_id: id })).data;
const plan = () =>
  t.ctx.db
    .selectFrom('organizations')
    .select(['plan', 'plan_expires_at'])
    .where('id', '=', spaceId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { mfa: true, prefix: 'subscriber' });
  spaceId = await createSpace(admin, 'Subscriber');
  member = await addMember(t, admin, spaceId, 0);
  other = await person(t, { mfa: true, prefix: 'another' });
  await createSpace(other, 'Another');
  usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
  // A payer of its own (no other test sends from it): ether for gas and 2,000 USDT.
  payer = generatePrivateKey();
  const funded = await admin.client.post('/api/v1/dev/faucet', {
    address: privateKeyToAccount(payer).address,
    eth: '1',
    usdt: '2000',
  });
  expect(funded.code).toBe('OK');
  // The watcher's first run starts its cursor; later runs read only newer blocks.
  await creditSubscriptions(t.ctx);
}, 120_000);
afterAll(() => t?.close());

describe('plans and orders', () => {
  it('prices each plan per month with the discounts, and says where USDT is accepted', async () => {
    const reply = await member.client.get<SubscriptionPlans>('/api/v1/subscription/plans');
    expect(
      reply.data.plans.map((p) => [
        p.plan,
        p.monthly,
        p.options.map((o) => [o.months, o.discount_percent, o.amount]),
      ]),
    ).toEqual([
      [
        'plus',
        '99.00',
        [
          [1, 0, '99.00'],
          [3, 5, '282.15'],
          [6, 10, '534.60'],
          [12, 20, '950.40'],
        ],
      ],
      [
        'enterprise',
        '499.00',
        [
          [1, 0, '499.00'],
          [3, 5, '1422.15'],
          [6, 10, '2694.60'],
          [12, 20, '4790.40'],
        ],
      ],
    ]);
    expect(reply.data.methods).toEqual([
      {
        method: 'usdt',
        chain_key: '31337',
        chain_name: expect.any(String),
        token_symbol: 'USDT',
        token_contract: usdt,
        decimals: 6,
      },
    ]);
  });

  it('lets only admins order, refuses unknown plans, months and chains', async () => {
    expect((await order(member, { plan: 'plus', months: 1 })).code).toBe('PERMISSION_SPACE_MANAGE_ERROR');
    expect((await order(admin, { plan: 'gold', months: 1 })).code).toBe('VIP_PACKAGE_NOT_FOUND_ERROR');
    expect((await order(admin, { plan: 'plus', months: 2 })).code).toBe('VIP_PACKAGE_NOT_FOUND_ERROR');
    expect((await order(admin, { plan: 'plus', months: 1, chain_key: 'ltc-regtest' })).code).toBe(
      'VIP_PAYMENT_CHAIN_UNSUPPORTED_ERROR',
    );
    expect((await order(admin, { plan: 'plus', months: 1, method: 'card' })).code).toBe(
      'VIP_PAYMENT_METHOD_UNSUPPORTED_ERROR',
    );
  });

  it('gives open orders of one price different amounts, across spaces', async () => {
    const first = await order(admin, { plan: 'plus', months: 1 });
    const second = await other.client.post<SubscriptionOrder>('/api/v1/subscription/order', {
      plan: 'plus',
      months: 1,
      chain_key: '31337',
    });
    expect(first.code).toBe('OK');
    expect(first.data).toMatchObject({
      plan: 'plus',
      months: 1,
      status: 'pending',
      price: '99.00',
      token_symbol: 'USDT',
    });
    expect(first.data.amount).toMatch(/^99\.0000\d\d$/);
    expect(second.data.amount).not.toBe(first.data.amount);
    expect(Date.parse(first.data.expires_at) - Date.parse(first.data.created_at)).toBe(24 * 3_600_000);
    // Another space's order is not found from here.
    expect(
      (await admin.client.get('/api/v1/subscription/order', { order_id: second.data.order_id })).code,
    ).toBe('VIP_ORDER_NOT_FOUND_ERROR');
    const task = await t.ctx.db
      .selectFrom('tasks')
      .select(['type', 'status'])
      .where('organization_id', '=', spaceId)
      .where('type', '=', 7)
      .execute();
    expect(task).toEqual([{ type: 7, status: 0 }]);
  });
});

describe('payment', () => {
  it('credits the exact amount only: a wrong amount stays unmatched; the plan then runs a month', async () => {
    const mine = (await admin.client.get<{ list: SubscriptionOrder[] }>('/api/v1/subscription/orders')).data
      .list[0]!;
    const short = (Number(mine.amount) - 0.000001).toFixed(6);
    await pay(mine, short);
    expect(await creditSubscriptions(t.ctx)).toBe(0);
    expect((await read(admin, mine.order_id)).status).toBe('pending');
    const tx = await pay(mine);
    const before = Date.now();
    expect(await creditSubscriptions(t.ctx)).toBe(1);
    const paid = await read(admin, mine.order_id);
    expect(paid).toMatchObject({ status: 'paid', tx_hash: tx });
    const space = await plan();
    expect(space.plan).toBe('plus');
    expect(space.plan_expires_at!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(space.plan_expires_at!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(paid.plan_expires_at).toBe(space.plan_expires_at!.toISOString());
    const payments = await t.ctx.db
      .selectFrom('subscription_payments')
      .select(['amount', 'order_id'])
      .orderBy('block_number')
      .execute();
    expect(payments.map((p) => [String(p.amount), p.order_id])).toEqual([
      [String(parseUnits(short, 6)), null],
      [String(parseUnits(mine.amount, 6)), mine.order_id],
    ]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('organization_id', '=', spaceId)
      .where('operation', 'like', 'subscription_%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.operation)).toEqual(['subscription_order', 'subscription_paid']);
    const told = await admin.client.get<{ list: Array<{ title: string; body: string }> }>(
      '/api/v1/notification',
    );
    expect(JSON.stringify(told.data)).toContain('Payment received');
    // A second payment of the same amount pays nothing more.
    await pay(mine);
    expect(await creditSubscriptions(t.ctx)).toBe(0);
  });

  it('credits once when two server processes read the same blocks; the plan runs on from its end', async () => {
    const second = await createTestApp({}, { sharedSchemaOf: t });
    try {
      const next = (await order(admin, { plan: 'plus', months: 3 })).data;
      const endBefore = (await plan()).plan_expires_at!.getTime();
      await pay(next);
      const results = await Promise.all([
        creditSubscriptions(t.ctx),
        creditSubscriptions(second.ctx),
        creditSubscriptions(t.ctx),
      ]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
      expect((await plan()).plan_expires_at!.getTime()).toBe(endBefore + 90 * DAY);
      expect((await read(admin, next.order_id)).status).toBe('paid');
    } finally {
      await second.close();
    }
  });

  it('does not credit an expired order; its task ends expired', async () => {
    const late = (await order(admin, { plan: 'enterprise', months: 1 })).data;
    await t.ctx.db
      .updateTable('subscription_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', late.order_id)
      .execute();
    await pay(late);
    expect(await creditSubscriptions(t.ctx)).toBe(0);
    expect((await read(admin, late.order_id)).status).toBe('expired');
    expect((await plan()).plan).toBe('plus');
  });
});

describe('the 3-day extension and the wallets a lapsed plan stopped', () => {
  const setEnd = (ms: number, extensions = 0) =>
    t.ctx.db
      .updateTable('organizations')
      .set({ plan_expires_at: new Date(Date.now() + ms), plan_extensions: extensions })
      .where('id', '=', spaceId)
      .execute();
  const extend = (who: Person) =>
    who.client.post<{ plan_expires_at: string; extensions_left: number }>('/api/v1/subscription/extension');
  const extensionsLeft = async () =>
    (await admin.client.get<{ vip_extension_num: number }>('/api/v1/organization/base-info')).data
      .vip_extension_num;

  it('is for admins, for a plan about to end or ended, once per paid period', async () => {
    expect((await extend(member)).code).toBe('PERMISSION_VIP_EXTENSION_ERROR');
    // Weeks left: nothing to extend. A free space has no plan to extend.
    await setEnd(20 * DAY);
    expect((await extend(admin)).code).toBe('VIP_PACKAGE_NOT_FOUND_ERROR');
    expect((await extend(other)).code).toBe('VIP_PACKAGE_NOT_FOUND_ERROR');
    await setEnd(2 * DAY);
    expect(await extensionsLeft()).toBe(1);
    const before = Date.now();
    const first = await extend(admin);
    expect(first.code).toBe('OK');
    expect(Date.parse(first.data.plan_expires_at)).toBeGreaterThanOrEqual(before + 5 * DAY - 1000);
    expect(Date.parse(first.data.plan_expires_at)).toBeLessThanOrEqual(Date.now() + 5 * DAY);
    expect(await extensionsLeft()).toBe(0);
    expect((await extend(admin)).code).toBe('VIP_EXTENSION_USED_ERROR');
  });

  it('lists the wallets a lapsed plan stopped, and an extension moves them again; a payment starts a new period', async () => {
    await setEnd(-DAY, 1);
    const [wallet] = await t.ctx.db
      .insertInto('wallets')
      .values({
        organization_id: spaceId,
        chain_key: '31337',
        sign_type: 2,
        name: 'Hot',
        address: privateKeyToAccount(generatePrivateKey()).address,
        status: 1,
        created_by: admin.userId,
        plan_frozen: true,
      })
      .returning('id')
      .execute();
    const stopped = await member.client.get<{ list: Array<{ wallet_id: number; kept: boolean }> }>(
      '/api/v1/wallets/vip-expired-list',
    );
    expect(stopped.data.list).toEqual([expect.objectContaining({ wallet_id: wallet!.id, kept: false })]);
    // The period's extension is used: a lapsed plan cannot be extended again until paid.
    expect((await extend(admin)).code).toBe('VIP_EXTENSION_USED_ERROR');
    await setEnd(-DAY, 0);
    const extended = await extend(admin);
    expect(Date.parse(extended.data.plan_expires_at)).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
    expect(
      (await member.client.get<{ list: unknown[] }>('/api/v1/wallets/vip-expired-list')).data.list,
    ).toEqual([]);
    const next = (await order(admin, { plan: 'plus', months: 1 })).data;
    await pay(next);
    expect(await creditSubscriptions(t.ctx)).toBe(1);
    expect(await extensionsLeft()).toBe(1);
  });
});

describe('the new end of a plan', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  it('adds months to what is left of the same plan, and converts what is left of another at the price ratio', () => {
    const left = { plan: 'plus', plan_expires_at: new Date(now.getTime() + 10 * DAY) };
    expect(extendedEnd(left, 'plus', 1, now).getTime()).toBe(now.getTime() + 40 * DAY);
    // 10 days of plus (99 a month) are worth 10 × 99 / 499 days of enterprise.
    expect(extendedEnd(left, 'enterprise', 1, now).getTime()).toBe(
      now.getTime() + Math.floor((10 * DAY * 99) / 499) + 30 * DAY,
    );
    expect(extendedEnd({ plan: 'free', plan_expires_at: null }, 'plus', 12, now).getTime()).toBe(
      now.getTime() + 360 * DAY,
    );
    const lapsed = { plan: 'plus', plan_expires_at: new Date(now.getTime() - DAY) };
    expect(extendedEnd(lapsed, 'plus', 1, now).getTime()).toBe(now.getTime() + 30 * DAY);
  });
});
