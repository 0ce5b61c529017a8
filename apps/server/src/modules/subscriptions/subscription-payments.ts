import { sql, type Selectable } from 'kysely';
import { MONTHLY_PRICE_USDT, PLAN_MONTH_DAYS, type PaidPlan } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { SubscriptionOrdersTable } from '../../db/schema';
import type { IncomingTransfer } from '@keystead/chains';
import { advanceCursor, nextScanRange } from '../../jobs/chain-cursor';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { keepAllPlanWallets } from '../spaces/space-lookup-repository';
import { OrderStatus, expireOrders, paymentMethods, type PaymentMethod } from './subscription-orders';

const DAY_MS = 86_400_000;
const WATCHER = 'subscriptions';
const PLAN_NAMES: Record<PaidPlan, string> = { plus: 'Plus', enterprise: 'Enterprise' };

/**
 * The new end of a space's plan when `months` of `plan` are paid: more of the same plan runs on
 * from its current end; a change of plan turns the time left of a paid plan into time of the new
 * one at the ratio of their monthly prices (pro rata), then adds the months.
 */
export function extendedEnd(
  current: { plan: string; plan_expires_at: Date | null },
  plan: PaidPlan,
  months: number,
  now: Date,
): Date {
  const left =
    current.plan !== 'free' && current.plan_expires_at && current.plan_expires_at > now
      ? current.plan_expires_at.getTime() - now.getTime()
      : 0;
  const carried =
    current.plan === plan
      ? left
      : Math.floor((left * (MONTHLY_PRICE_USDT[current.plan as PaidPlan] ?? 0)) / MONTHLY_PRICE_USDT[plan]);
  return new Date(now.getTime() + carried + months * PLAN_MONTH_DAYS * DAY_MS);
}

/**
 * Matches one USDT transfer to the open order of exactly its amount and credits it: the order
 * paid, the plan extended, every wallet usable again, audited, and its creator told (notification
 * and mail). The transfer is stored first, unique per (chain, tx, log): a transfer read twice,
 * by a second watcher or a second pass, credits nothing. Unmatched transfers stay stored.
 */
async function creditTransfer(
  ctx: AppContext,
  trx: Db,
  method: PaymentMethod,
  transfer: IncomingTransfer,
  now: Date,
): Promise<boolean> {
  const stored = await trx
    .insertInto('subscription_payments')
    .values({
      chain_key: method.chain_key,
      tx_hash: transfer.txHash,
      log_index: transfer.logIndex ?? -1,
      from_address: transfer.from,
      pay_to: method.pay_to,
      token_contract: method.token_contract,
      amount: transfer.amount.toString(),
      block_number: transfer.blockNumber.toString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(stored.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
  const order = await trx
    .updateTable('subscription_orders')
    .set({ status: OrderStatus.Paid, paid_at: now })
    .where('status', '=', OrderStatus.Pending)
    .where('method', '=', 'usdt')
    .where('chain_key', '=', method.chain_key)
    .where(sql<boolean>`lower(pay_to) = ${method.pay_to.toLowerCase()}`)
    .where('amount', '=', transfer.amount.toString())
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!order) return false;
  await trx
    .updateTable('subscription_payments')
    .set({ order_id: order.id })
    .where('chain_key', '=', method.chain_key)
    .where('tx_hash', '=', transfer.txHash)
    .where('log_index', '=', transfer.logIndex ?? -1)
    .execute();
  await creditPaidOrder(ctx, trx, order, now, {
    audit: { tx_hash: transfer.txHash },
    receipt: `${String(order.price)} USDT, transaction ${transfer.txHash}`,
  });
  return true;
}

/**
 * What every payment of an order does once the caller has marked that order paid (its own
 * conditional update, so a payment seen twice gets no row the second time): the plan extended,
 * every wallet usable again, the order and its task paid, audited, and its creator told
 * (notification and mail). The USDT watcher and the card webhook both end here.
 */
export async function creditPaidOrder(
  ctx: AppContext,
  trx: Db,
  order: Selectable<SubscriptionOrdersTable>,
  now: Date,
  paid: { audit: Record<string, string>; receipt: string },
): Promise<Date> {
  const space = await trx
    .selectFrom('organizations')
    .select(['plan', 'plan_expires_at'])
    .where('id', '=', order.organization_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const end = extendedEnd(space, order.plan, order.months, now);
  await trx
    .updateTable('organizations')
    .set({ plan: order.plan, plan_expires_at: end, plan_extensions: 0, updated_at: now })
    .where('id', '=', order.organization_id)
    .execute();
  await keepAllPlanWallets(trx, order.organization_id);
  await trx
    .updateTable('subscription_orders')
    .set({ plan_expires_at: end })
    .where('id', '=', order.id)
    .execute();
  await trx
    .updateTable('tasks')
    .set({ status: OrderStatus.Paid, updated_at: now })
    .where('id', '=', order.task_id)
    .execute();
  await writeAudit(trx, {
    organizationId: order.organization_id,
    userId: null,
    type: 'organization',
    operation: 'subscription_paid',
    content: {
      order_id: order.id,
      plan: order.plan,
      months: order.months,
      ...paid.audit,
      plan_expires_at: end.toISOString(),
    },
  });
  if (order.created_by)
    await notify(
      trx,
      {
        userId: order.created_by,
        organizationId: order.organization_id,
        category: 'message',
        topic: 'space',
        title: 'Payment received',
        body: `${PLAN_NAMES[order.plan]} for ${order.months} ${order.months === 1 ? 'month' : 'months'} is paid (${paid.receipt}). The plan now runs until ${end.toISOString().slice(0, 10)}.`,
        link: '/organization/settings',
      },
      Boolean(ctx.config.SMTP_URL),
    );
  return end;
}

/**
 * The claimed job: for each chain where USDT is accepted, reads the USDT transfers to the
 * receiving address in the next blocks with enough confirmations and credits the orders they
 * pay. The per-chain cursor moves only if it still holds what this run read, so concurrent
 * processes never read a range twice into credits. Returns the number of orders credited.
 */
export async function creditSubscriptions(ctx: AppContext, now = new Date()): Promise<number> {
  await expireOrders(ctx.db, now);
  let credited = 0;
  for (const method of paymentMethods(ctx)) {
    const scan = ctx.chains.family(method.chain_key).deposits;
    if (!scan) continue;
    const tip = await scan.tip().catch(() => null);
    if (tip === null) continue;
    const confirmations = BigInt(method.isDevnet ? 1 : ctx.config.SUBSCRIPTION_CONFIRMATIONS);
    const last = tip - confirmations + 1n;
    const range = await nextScanRange(ctx.db, method.chain_key, WATCHER, last, scan.blocksPerScan);
    if (!range) continue;
    const { cursor, from, to } = range;
    const token = { contract: method.token_contract, symbol: method.token_symbol, decimals: method.decimals };
    const wallet = {
      address: method.pay_to,
      threshold: 1,
      keys: null,
      nextReceiveIndex: 0,
      nextChangeIndex: 0,
    };
    const incoming = await scan.transfersTo([wallet], [token], from, to).catch(() => null);
    if (!incoming) continue;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await advanceCursor(trx, method.chain_key, WATCHER, cursor, to + 1n))) return; // another process read this range
      for (const transfer of incoming)
        if (transfer.token?.toLowerCase() === method.token_contract.toLowerCase())
          if (await creditTransfer(ctx, trx, method, transfer, now)) credited += 1;
    });
  }
  return credited;
}
