import { platformOrderBody, platformOrderReply, platformWhoamiReply } from '@keystead/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { replies } from '../../lib/replies';
import { parseOrThrow } from '../../lib/validation';
import { PUBLIC } from '../../plugins/access-rules';
import { findStrategy } from './escrow-repository';
import { placePlatformOrder } from './escrow-orders';
import { authenticatePlatformRequest } from './platform-auth';

const tags = ['platform API'];
const summaryOfAuth =
  'HMAC-signed (KS-API-KEY, KS-TIMESTAMP, KS-NONCE, KS-SIGNATURE = hex HMAC-SHA256 of "timestamp\\nnonce\\nMETHOD\\npath?query\\nbody"); no session';

const signed = (ctx: AppContext, request: FastifyRequest) =>
  authenticatePlatformRequest(ctx, {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    ip: request.ip,
  });

/**
 * The platform API (§7 GET/POST /sign/hmac) for a team's trading bots. Called by programs, not a
 * browser: no session and no CSRF token — the HMAC over the exact bytes is the authentication,
 * so this plugin (only) keeps JSON bodies raw.
 */
export async function platformApiRoutes(app: AppInstance, ctx: AppContext) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/sign/hmac',
    {
      config: { access: PUBLIC, csrf: false },
      schema: {
        response: replies(platformWhoamiReply),
        tags,
        summary: `The key's own view, to check a bot's signing. ${summaryOfAuth}`,
      },
    },
    async (request, reply) => {
      const { key, account } = await signed(ctx, request);
      const strategy = await findStrategy(ctx.db, account.wallet_id);
      return reply.ok({
        wallet_id: account.wallet_id,
        exchange_id: account.exchange_id,
        api_key: key.api_key,
        status: key.status,
        server_time: Date.now(),
        tactic_type: strategy?.tactic_type ?? null,
        strategy_status: strategy?.status ?? null,
        trade_categories: strategy?.rules.map((rule) => rule.trade_category) ?? [],
      });
    },
  );

  app.post(
    '/sign/hmac',
    {
      config: { access: PUBLIC, csrf: false },
      schema: {
        response: replies(platformOrderReply),
        tags,
        summary: `Place an order at the exchange, checked against the risk-control rules first (refused: RISK_CONTROL_ORDER_REFUSED_ERROR naming the limit). ${summaryOfAuth}`,
      },
    },
    async (request, reply) => {
      const authenticated = await signed(ctx, request);
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError('PARAMS_INVALID_ERROR', { field: 'body' });
      }
      const body = parseOrThrow(platformOrderBody, json);
      return reply.ok(await placePlatformOrder(ctx, authenticated, body, request.ip));
    },
  );
}
