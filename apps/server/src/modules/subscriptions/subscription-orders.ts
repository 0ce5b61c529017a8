import { sql } from 'kysely';
import { hardhatAccounts } from '@keystead/devnet';
import {
  ORDER_LIFETIME_HOURS,
  TaskType,
  subscriptionPrice,
  type PaidPlan,
  type SubscriptionMonths,
  type SubscriptionOrder,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { ChainEndpoint } from '../chains/chain-registry';
import type { Db } from '../../db/database';
import type { SubscriptionOrdersTable } from '../../db/schema';
import type { Insertable, Selectable } from 'kysely';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { LockNamespace } from '../../jobs/lock-ids';
import { writeAudit } from '../audit/audit.service';
import { formatUnits, toScaled } from '../wallets/decimal';

/** Task 7's statuses (§4): awaiting payment, paid, expired unpaid. */
export const OrderStatus = { Pending: 0, Paid: 1, Expired: 11 } as const;
const STATUS_NAMES = { 0: 'pending', 1: 'paid', 11: 'expired' } as const;

/** At most this many millionths are added to a price to tell open orders of one price apart. */
const MAX_SUFFIX = 9_999;

export interface PaymentMethod {
  chain_key: string;
  chain_name: string;
  token_symbol: string;
  token_contract: string;
  decimals: number;
  pay_to: string;
  /** A local devnet mines on demand: its own block is confirmation enough. */
  isDevnet: boolean;
}

/** Where the local devnet's subscriptions are paid when SUBSCRIPTION_PAY_TO is unset: its account 19. */
const devnetPayTo = () => hardhatAccounts(20)[19]!.address;

/** The receiving address on an endpoint's chain: ERC20 on EVM chains, TRC20 on Tron; else none. */
function payToOn(ctx: AppContext, endpoint: ChainEndpoint): string | null {
  if (endpoint.family === 'TRX') return ctx.config.SUBSCRIPTION_PAY_TO_TRON ?? null;
  if (endpoint.family !== 'EVM') return null;
  return (
    ctx.config.SUBSCRIPTION_PAY_TO ?? (endpoint.isDevnet && !ctx.config.isProduction ? devnetPayTo() : null)
  );
}

/** Each configured EVM or Tron chain whose USDT is known and that has a receiving address (§9). */
export function paymentMethods(ctx: AppContext): PaymentMethod[] {
  return ctx.chains.list().flatMap((endpoint) => {
    const key = String(endpoint.chainId);
    const usdt = ctx.chains.defaultTokens(key).find((token) => token.symbol === 'USDT');
    const payTo = payToOn(ctx, endpoint);
    if (!usdt?.contract || !payTo) return [];
    return [
      {
        chain_key: key,
        chain_name: ctx.chains.chainInfo(key).name,
        token_symbol: 'USDT',
        token_contract: usdt.contract,
        decimals: usdt.decimals,
        pay_to: payTo,
        isDevnet: endpoint.isDevnet,
      },
    ];
  });
}

type OrderRow = Selectable<SubscriptionOrdersTable>;

export function presentOrder(order: OrderRow, txHash: string | null = null): SubscriptionOrder {
  return {
    order_id: order.id,
    plan: order.plan,
    months: order.months,
    status: STATUS_NAMES[order.status as keyof typeof STATUS_NAMES] ?? 'pending',
    method: order.method,
    checkout_url: order.checkout_url,
    chain_key: order.chain_key,
    token_symbol: order.method === 'card' ? 'USD' : 'USDT',
    token_contract: order.token_contract,
    pay_to: order.pay_to,
    amount: order.method === 'card' ? String(order.price) : formatUnits(BigInt(order.amount), order.decimals),
    price: String(order.price),
    expires_at: new Date(order.expires_at).toISOString(),
    created_at: new Date(order.created_at).toISOString(),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    tx_hash: txHash,
    plan_expires_at: order.plan_expires_at ? new Date(order.plan_expires_at).toISOString() : null,
  };
}

/** Orders whose time ran out unpaid become expired (their amounts free again), with their tasks. */
export async function expireOrders(trx: Db, now = new Date()): Promise<void> {
  const expired = await trx
    .updateTable('subscription_orders')
    .set({ status: OrderStatus.Expired })
    .where('status', '=', OrderStatus.Pending)
    .where('expires_at', '<=', now)
    .returning('task_id')
    .execute();
  if (expired.length > 0)
    await trx
      .updateTable('tasks')
      .set({ status: OrderStatus.Expired, updated_at: now })
      .where(
        'id',
        'in',
        expired.map((row) => row.task_id),
      )
      .execute();
}

type NewOrder = Pick<
  Insertable<SubscriptionOrdersTable>,
  'plan' | 'months' | 'price' | 'chain_key' | 'token_contract' | 'decimals' | 'pay_to' | 'amount' | 'method'
> & { created_at: Date };

/** An order and its task (type 7), open for ORDER_LIFETIME_HOURS, audited; USDT and card orders alike. */
export async function insertOrder(trx: Db, actor: CommandContext, values: NewOrder): Promise<OrderRow> {
  const task = await trx
    .insertInto('tasks')
    .values({
      organization_id: actor.organization.id,
      wallet_id: null,
      type: TaskType.SubscriptionUpgrade,
      status: OrderStatus.Pending,
      created_by: actor.user.id,
      data: JSON.stringify({ plan: values.plan, months: values.months }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('subscription_orders')
    .values({
      ...values,
      organization_id: actor.organization.id,
      task_id: task.id,
      expires_at: new Date(values.created_at.getTime() + ORDER_LIFETIME_HOURS * 3_600_000),
      created_by: actor.user.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    organizationId: actor.organization.id,
    userId: actor.user.id,
    type: 'organization',
    operation: 'subscription_order',
    ip: actor.ip,
    content: {
      order_id: row.id,
      plan: values.plan,
      months: values.months,
      amount: presentOrder(row).amount,
      ...(row.method === 'card' ? { method: 'card' } : {}),
    },
  });
  return row;
}

/**
 * A subscription upgrade (task 7) and its order: the price of `months` of `plan`, plus the
 * fewest millionths no other open order to the same address on that chain has, so the amount
 * that arrives names the order. Chosen under one lock, so two admins never get the same amount.
 */
export async function createOrder(
  ctx: AppContext,
  actor: CommandContext,
  input: { plan: PaidPlan; months: SubscriptionMonths; chain_key?: string | undefined },
): Promise<SubscriptionOrder> {
  const method = paymentMethods(ctx).find((m) => m.chain_key === input.chain_key);
  if (!method) throw new AppError('VIP_PAYMENT_CHAIN_UNSUPPORTED_ERROR');
  const price = subscriptionPrice(input.plan, input.months);
  const base = toScaled(price, method.decimals);
  const now = new Date();
  const order = await ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LockNamespace.SubscriptionOrders}, 0)`.execute(trx);
    await expireOrders(trx, now);
    const open = await trx
      .selectFrom('subscription_orders')
      .select('amount')
      .where('status', '=', OrderStatus.Pending)
      .where('method', '=', 'usdt')
      .where('chain_key', '=', method.chain_key)
      .where(sql<boolean>`lower(pay_to) = ${method.pay_to.toLowerCase()}`)
      .where('amount', '>', base.toString())
      .where('amount', '<=', (base + BigInt(MAX_SUFFIX)).toString())
      .execute();
    const taken = new Set(open.map((row) => BigInt(row.amount) - base));
    let suffix = 1n;
    while (taken.has(suffix) && suffix <= MAX_SUFFIX) suffix += 1n;
    if (suffix > MAX_SUFFIX) throw new AppError('VIP_DEPOSIT_ADDRESS_ERROR');
    return insertOrder(trx, actor, {
      plan: input.plan,
      months: input.months,
      price,
      chain_key: method.chain_key,
      token_contract: method.token_contract,
      decimals: method.decimals,
      pay_to: method.pay_to,
      amount: (base + suffix).toString(),
      created_at: now,
    });
  });
  return presentOrder(order);
}

/** One order of the space (another space's answers as not found), with the payment that paid it. */
export async function findOrder(db: Db, organizationId: number, orderId: number): Promise<SubscriptionOrder> {
  await expireOrders(db);
  const order = await db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!order) throw new AppError('VIP_ORDER_NOT_FOUND_ERROR');
  const paid = await db
    .selectFrom('subscription_payments')
    .select('tx_hash')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  return presentOrder(order, paid?.tx_hash ?? null);
}

export async function listOrders(db: Db, organizationId: number): Promise<SubscriptionOrder[]> {
  await expireOrders(db);
  const rows = await db
    .selectFrom('subscription_orders as o')
    .leftJoin('subscription_payments as p', 'p.order_id', 'o.id')
    .selectAll('o')
    .select('p.tx_hash')
    .where('o.organization_id', '=', organizationId)
    .orderBy('o.id', 'desc')
    .limit(100)
    .execute();
  return rows.map(({ tx_hash, ...order }) => presentOrder(order, tx_hash));
}
