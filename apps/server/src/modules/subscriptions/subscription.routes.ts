import {
  MONTHS_DISCOUNT_PERCENT,
  ORDER_LIFETIME_HOURS,
  PAID_PLANS,
  SUBSCRIPTION_MONTHS,
  subscriptionOrderBody,
  subscriptionOrderListReply,
  subscriptionOrderQuery,
  subscriptionOrderReply,
  subscriptionPlansReply,
  subscriptionPrice,
  planExtensionReply,
  vipExpiredListReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { planWallets } from '../spaces/space-lookups';
import { createCardOrder } from './card-payments';
import { extendPlan } from './plan-extension';
import { cardPaymentsEnabled } from './stripe-client';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { createOrder, findOrder, listOrders, paymentMethods } from './subscription-orders';

const tags = ['subscription'];
/** Every member sees the plan and its prices; paying for it is the space's admins' (space.settings). */
const view = { access: inSpace('space.view') };
const manage = { access: inSpace('space.settings') };

export async function subscriptionRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/subscription/plans',
    {
      config: view,
      schema: {
        response: replies(subscriptionPlansReply),
        tags,
        summary: 'Plans, prices, where USDT is accepted and whether cards are',
      },
    },
    async (_request, reply) =>
      reply.ok({
        plans: PAID_PLANS.map((plan) => ({
          plan,
          monthly: subscriptionPrice(plan, 1),
          options: SUBSCRIPTION_MONTHS.map((months) => ({
            months,
            discount_percent: MONTHS_DISCOUNT_PERCENT[months],
            amount: subscriptionPrice(plan, months),
          })),
        })),
        methods: paymentMethods(ctx).map(({ pay_to: _payTo, isDevnet: _devnet, ...method }) => ({
          method: 'usdt' as const,
          ...method,
        })),
        order_lifetime_hours: ORDER_LIFETIME_HOURS,
        card: cardPaymentsEnabled(ctx.config),
      }),
  );

  app.post(
    '/subscription/order',
    {
      config: manage,
      schema: {
        response: replies(subscriptionOrderReply),
        body: subscriptionOrderBody,
        tags,
        summary:
          'Order months of a plan (task 7): the exact USDT amount to send and where, or (method card) the Stripe Checkout page',
      },
    },
    async (request, reply) => {
      const { method, ...input } = request.body;
      const actor = commandContext(request);
      if (method === 'card')
        return reply.ok(
          await createCardOrder(
            ctx,
            actor,
            input,
            ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
          ),
        );
      return reply.ok(await createOrder(ctx, actor, input));
    },
  );

  app.get(
    '/subscription/order',
    {
      config: manage,
      schema: {
        response: replies(subscriptionOrderReply),
        querystring: subscriptionOrderQuery,
        tags,
        summary: 'One order and whether it is paid',
      },
    },
    async (request, reply) =>
      reply.ok(await findOrder(ctx.db, requireSpace(request).organization.id, request.query.order_id)),
  );

  app.get(
    '/subscription/orders',
    {
      config: manage,
      schema: {
        response: replies(subscriptionOrderListReply),
        tags,
        summary: "The space's orders, newest first",
      },
    },
    async (request, reply) =>
      reply.ok({ list: await listOrders(ctx.db, requireSpace(request).organization.id) }),
  );

  app.post(
    '/subscription/extension',
    {
      config: { access: inSpace('plan.extend') },
      schema: {
        response: replies(planExtensionReply),
        tags,
        summary: 'Extend a plan about to end (or ended) by 3 days, once per paid period',
      },
    },
    async (request, reply) => reply.ok(await extendPlan(ctx, commandContext(request))),
  );

  // Its own plugin: only there are JSON bodies kept raw (the signature covers the exact bytes).
  await app.register(async (webhook) => stripeWebhookRoutes(webhook as AppInstance, ctx));

  app.get(
    '/wallets/vip-expired-list',
    {
      config: view,
      schema: {
        response: replies(vipExpiredListReply),
        tags,
        summary: 'The wallets that stopped moving funds when the paid plan lapsed',
      },
    },
    async (request, reply) =>
      reply.ok({
        list: (await planWallets(ctx, commandContext(request))).list.filter((wallet) => !wallet.kept),
      }),
  );
}
