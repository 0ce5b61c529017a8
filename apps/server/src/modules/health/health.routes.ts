import { errorEnvelope, healthReply, type HealthReply } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/database';
import { replies } from '../../lib/replies';
import { PUBLIC } from '../../plugins/access-rules';

/** Database and every configured chain reachable (with the devnet's contracts present). */
export async function healthRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: {
        response: { ...replies(healthReply), 503: errorEnvelope.extend({ data: healthReply }) },
        tags: ['platform'],
        summary: 'Readiness of the database and each chain',
      },
    },
    async (request, reply) => {
      const [databaseUp, chains] = await Promise.all([pingDatabase(ctx.db), ctx.chains.health()]);
      const healthy =
        databaseUp && chains.every((chain) => chain.reachable && chain.contracts_present !== false);
      const data: HealthReply = {
        status: healthy ? 'ok' : 'degraded',
        database: { kind: ctx.database.kind, reachable: databaseUp },
        chains,
        uptime_seconds: Math.round(process.uptime()),
      };
      return healthy ? reply.ok(data) : reply.fail('SERVICE_UNAVAILABLE_ERROR', {}, data);
    },
  );
}
