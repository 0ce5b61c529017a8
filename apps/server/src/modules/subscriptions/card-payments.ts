import type Stripe from 'stripe';
import {
  subscriptionPrice,
  type CardEventOutcome,
  type PaidPlan,
  type SubscriptionMonths,
  type SubscriptionOrder,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { toScaled } from '../wallets/decimal';
import { OrderStatus, insertOrder, presentOrder } from './subscription-orders';
import { creditPaidOrder } from './subscription-payments';
import { cardPaymentsEnabled, stripeClient } from './stripe-client';

const PLAN_NAMES: Record<PaidPlan, string> = { plus: 'Plus', enterprise: 'Enterprise' };
/** The events whose Checkout Session may carry a finished payment. */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

function requireStripe(ctx: AppContext): Stripe {
  const stripe = stripeClient(ctx.config);
  if (!stripe || !cardPaymentsEnabled(ctx.config)) throw new AppError('VIP_PAYMENT_METHOD_UNSUPPORTED_ERROR');
  return stripe;
}

/** What may be logged of a Stripe failure: its kind, never the request (whose header holds the key). */
function stripeFailure(error: unknown) {
  const { type, code, statusCode, requestId } = error as Partial<Record<string, unknown>>;
  return { type, code, statusCode, requestId };
}

/**
 * A card order (task 7): the order, then its Stripe Checkout Session (one line, the price in
 * US cents; back to the plan tab at `webOrigin` afterwards), in one transaction, so a failing
 * provider leaves no order behind. The reply's `checkout_url` is where the browser pays.
 */
export async function createCardOrder(
  ctx: AppContext,
  actor: CommandContext,
  input: { plan: PaidPlan; months: SubscriptionMonths },
  webOrigin: string,
): Promise<SubscriptionOrder> {
  const stripe = requireStripe(ctx);
  const price = subscriptionPrice(input.plan, input.months);
  const cents = toScaled(price, 2);
  const now = new Date();
  const order = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertOrder(trx, actor, {
      plan: input.plan,
      months: input.months,
      price,
      method: 'card',
      chain_key: 'card',
      token_contract: '',
      decimals: 2,
      pay_to: '',
      amount: cents.toString(),
      created_at: now,
    });
    const back = `${webOrigin.replace(/\/+$/, '')}/organization/settings?tab=plan`;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: String(row.id),
        metadata: { order_id: String(row.id), organization_id: String(actor.organization.id) },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: Number(cents),
              product_data: {
                name: `Keystead ${PLAN_NAMES[input.plan]}, ${input.months} ${input.months === 1 ? 'month' : 'months'}`,
              },
            },
          },
        ],
        success_url: `${back}&order_id=${row.id}`,
        cancel_url: back,
      });
    } catch (error) {
      ctx.log.warn({ stripe: stripeFailure(error), order_id: row.id }, 'stripe checkout session not created');
      throw new AppError('VIP_PAYMENT_PROVIDER_ERROR');
    }
    if (!session.url) throw new AppError('VIP_PAYMENT_PROVIDER_ERROR');
    return trx
      .updateTable('subscription_orders')
      .set({ checkout_session_id: session.id, checkout_url: session.url })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentOrder(order);
}

/**
 * POST /subscription/stripe/webhook: the raw body verified against its `stripe-signature`
 * (STRIPE_WEBHOOK_SECRET, Stripe's 5-minute tolerance); anything else is SIGNATURE_INVALID_ERROR.
 */
export async function receiveStripeEvent(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<CardEventOutcome> {
  const stripe = requireStripe(ctx);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', ctx.config.STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw new AppError('SIGNATURE_INVALID_ERROR');
  }
  if (!PAYMENT_EVENTS.has(event.type)) return 'ignored';
  return creditCardPayment(ctx, event.id, event.type, event.data.object as Stripe.Checkout.Session);
}

/**
 * Credits the order a paid Checkout Session names, once: the event is stored first, unique by its
 * id (a replayed delivery stores nothing and does nothing), and the order is marked paid only
 * from pending (or expired: the card was charged for this very order), so a second event of the
 * same session credits nothing. Less than the price, another currency or an unpaid session is
 * stored with its outcome and credits nothing.
 */
async function creditCardPayment(
  ctx: AppContext,
  eventId: string,
  eventType: string,
  session: Stripe.Checkout.Session,
): Promise<CardEventOutcome> {
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('subscription_orders')
      .selectAll()
      .where('checkout_session_id', '=', session.id)
      .where('method', '=', 'card')
      .executeTakeFirst();
    const outcome: Exclude<CardEventOutcome, 'duplicate' | 'ignored'> = !order
      ? 'unknown_order'
      : session.payment_status !== 'paid'
        ? 'unpaid'
        : session.currency !== 'usd' ||
            session.amount_total === null ||
            BigInt(session.amount_total) < toScaled(String(order.price), 2)
          ? 'underpaid'
          : 'credited';
    const stored = await trx
      .insertInto('subscription_card_events')
      .values({
        event_id: eventId,
        event_type: eventType,
        session_id: session.id,
        order_id: order?.id ?? null,
        payment_status: session.payment_status,
        currency: session.currency,
        amount_total: session.amount_total,
        outcome,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    if (Number(stored.numInsertedOrUpdatedRows ?? 0n) !== 1) return 'duplicate';
    if (outcome !== 'credited' || !order) return outcome;
    const paid = await trx
      .updateTable('subscription_orders')
      .set({ status: OrderStatus.Paid, paid_at: now })
      .where('id', '=', order.id)
      .where('status', 'in', [OrderStatus.Pending, OrderStatus.Expired])
      .returningAll()
      .executeTakeFirst();
    if (!paid) {
      await trx
        .updateTable('subscription_card_events')
        .set({ outcome: 'already_credited' })
        .where('event_id', '=', eventId)
        .execute();
      return 'already_credited';
    }
    await creditPaidOrder(ctx, trx, paid, now, {
      audit: { checkout_session: session.id, stripe_event: eventId },
      receipt: `${String(paid.price)} USD by card`,
    });
    return 'credited';
  });
}
