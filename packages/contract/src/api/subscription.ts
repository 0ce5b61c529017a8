import { z } from 'zod';
import { isStorableText, text } from './common';
import { decimalString, isoTime, listOf } from './reply';

/**
 * §1 subscriptions (free, plus, enterprise) paid in USDT; §4 task type 7 "subscription upgrade";
 * §9 "subscription months with discounts", "payment credited 1–20 minutes after on-chain payment".
 * An upgrade creates an order whose exact amount (the price plus a few millionths that no other
 * open order on that chain has) identifies it; the watcher credits the first transfer of exactly
 * that amount of the chain's USDT to the platform's address, then extends the plan.
 */

export const PAID_PLANS = ['plus', 'enterprise'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const SUBSCRIPTION_MONTHS = [1, 3, 6, 12] as const;
export type SubscriptionMonths = (typeof SUBSCRIPTION_MONTHS)[number];

/** USDT per month of each paid plan. */
export const MONTHLY_PRICE_USDT: Record<PaidPlan, number> = { plus: 99, enterprise: 499 };
/** Percent off for paying several months at once. */
export const MONTHS_DISCOUNT_PERCENT: Record<SubscriptionMonths, number> = { 1: 0, 3: 5, 6: 10, 12: 20 };
/** An order waits this long for its payment; a later payment is kept as unmatched (refundable). */
export const ORDER_LIFETIME_HOURS = 24;
/** §9 "VIP extension 3 days": once per paid period, when the plan is about to end or has ended. */
export const PLAN_EXTENSION_DAYS = 3;
/** A month of plan, as the plan's end moves (the operator CLI counts the same). */
export const PLAN_MONTH_DAYS = 30;

/** The price of `months` of `plan` in whole cents of USDT, as a decimal string with 2 places. */
export function subscriptionPrice(plan: PaidPlan, months: SubscriptionMonths): string {
  const cents = (MONTHLY_PRICE_USDT[plan] * months * 100 * (100 - MONTHS_DISCOUNT_PERCENT[months])) / 100;
  const whole = Math.round(cents);
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** USDT on chain (the exact amount), or a card through Stripe Checkout (the price in USD). */
export const SUBSCRIPTION_PAYMENT_METHODS = ['usdt', 'card'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

/** Task 7's states as the order reads them: 0 awaiting payment, 1 paid, 11 expired unpaid. */
export const ORDER_STATUSES = ['pending', 'paid', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** GET /subscription/plans: prices, and where USDT can be paid (chains with USDT and a receiving address). */
export const subscriptionPlansReply = z.object({
  plans: z.array(
    z.object({
      plan: z.enum(PAID_PLANS),
      monthly: decimalString,
      options: z.array(z.object({ months: z.number(), discount_percent: z.number(), amount: decimalString })),
    }),
  ),
  methods: z.array(
    z.object({
      method: z.literal('usdt'),
      chain_key: z.string(),
      chain_name: z.string(),
      token_symbol: z.string(),
      token_contract: z.string(),
      decimals: z.number(),
    }),
  ),
  order_lifetime_hours: z.number(),
  /** Whether an order may be paid by card (Stripe Checkout, in USD); false when unconfigured. */
  card: z.boolean(),
});
export type SubscriptionPlans = z.infer<typeof subscriptionPlansReply>;

/** A choice outside the list is `code`; text PostgreSQL cannot store is PARAMS_INVALID_ERROR, as everywhere. */
const unlessUnstorable = (code: string) => (issue: { input?: unknown }) =>
  typeof issue.input === 'string' && !isStorableText(issue.input) ? 'PARAMS_INVALID_ERROR' : code;

/** POST /subscription/order (space admins). */
export const subscriptionOrderBody = z.object({
  plan: z.enum(PAID_PLANS, { error: unlessUnstorable('VIP_PACKAGE_NOT_FOUND_ERROR') }),
  months: z
    .number()
    .refine((m) => (SUBSCRIPTION_MONTHS as readonly number[]).includes(m), 'VIP_PACKAGE_NOT_FOUND_ERROR')
    .transform((m) => m as SubscriptionMonths),
  method: z
    .enum(SUBSCRIPTION_PAYMENT_METHODS, { error: unlessUnstorable('VIP_PAYMENT_METHOD_UNSUPPORTED_ERROR') })
    .default('usdt'),
  /** The chain the USDT is paid on; not used by a card order. */
  chain_key: text().min(1).max(40).optional(),
});

export const subscriptionOrderQuery = z.object({ order_id: z.coerce.number().int().positive() });

export const subscriptionOrderReply = z.object({
  order_id: z.number(),
  plan: z.enum(PAID_PLANS),
  months: z.number(),
  status: z.enum(ORDER_STATUSES),
  method: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  /** A card order's Stripe Checkout page, where the browser goes to pay (null for USDT). */
  checkout_url: z.string().nullable(),
  /** For a card order 'card', and its pay_to and token_contract are empty. */
  chain_key: z.string(),
  token_symbol: z.string(),
  token_contract: z.string(),
  /** The platform's receiving address on that chain. */
  pay_to: z.string(),
  /** Exactly this amount identifies the order (the price plus its own millionths); a card order's is its price in USD. */
  amount: decimalString,
  price: decimalString,
  expires_at: isoTime,
  created_at: isoTime,
  paid_at: isoTime.nullable(),
  tx_hash: z.string().nullable(),
  /** The plan's end once this order was credited. */
  plan_expires_at: isoTime.nullable(),
});
export type SubscriptionOrder = z.infer<typeof subscriptionOrderReply>;
export const subscriptionOrderListReply = listOf(subscriptionOrderReply);

/**
 * POST /subscription/stripe/webhook (called by Stripe, signed): what a verified event did —
 * credited its order; the order was already credited (another event of the session); stored but
 * not credited (underpaid: less than the price or not USD; unpaid; unknown_order); duplicate (this
 * event id was received before); ignored (not a Checkout Session payment event).
 */
export const CARD_EVENT_OUTCOMES = [
  'credited',
  'already_credited',
  'underpaid',
  'unpaid',
  'unknown_order',
  'duplicate',
  'ignored',
] as const;
export type CardEventOutcome = (typeof CARD_EVENT_OUTCOMES)[number];
export const stripeWebhookReply = z.object({ outcome: z.enum(CARD_EVENT_OUTCOMES) });

/** POST /subscription/extension: the plan's new end and the extensions left in this period. */
export const planExtensionReply = z.object({
  plan: z.enum(PAID_PLANS),
  plan_expires_at: isoTime,
  extensions_left: z.number(),
});
export type PlanExtension = z.infer<typeof planExtensionReply>;
