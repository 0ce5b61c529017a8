import { stripeWebhookReply } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { replies } from '../../lib/replies';
import { PUBLIC } from '../../plugins/access-rules';
import { receiveStripeEvent } from './card-payments';

/**
 * Stripe's webhook. Called by Stripe, not a browser: no session and no CSRF token — the
 * signature over the exact bytes is the authentication, so this plugin (only) keeps JSON bodies raw.
 */
export async function stripeWebhookRoutes(app: AppInstance, ctx: AppContext) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/subscription/stripe/webhook',
    {
      config: { access: PUBLIC, csrf: false },
      schema: {
        response: replies(stripeWebhookReply),
        tags: ['subscription'],
        summary:
          'Stripe events (signed with STRIPE_WEBHOOK_SECRET): a paid Checkout Session credits its card order once',
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await receiveStripeEvent(
        ctx,
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.ok({ outcome });
    },
  );
}
