import { z } from 'zod';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/database';
import { PUBLIC } from '../../plugins/access-rules';

const chainHealth = z.object({
  chain_id: z.union([z.number(), z.string()]),
  name: z.string(),
  family: z.string(),
  reachable: z.boolean(),
  contracts_present: z.boolean().nullable(),
  detail: z.string().optional(),
});

export const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  chains: z.array(chainHealth),
  uptime_seconds: z.number(),
});

/** Database and every configured chain reachable (with the devnet's contracts present). */
export async function healthRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: { tags: ['platform'], summary: 'Readiness of the database and each chain' },
    },
    async (request, reply) => {
      const [databaseUp, chains] = await Promise.all([pingDatabase(ctx.db), ctx.chains.health()]);
      const healthy =
        databaseUp && chains.every((chain) => chain.reachable && chain.contracts_present !== false);
      const data: z.infer<typeof healthReply> = {
        status: healthy ? 'ok' : 'degraded',
        database: { kind: ctx.database.kind, reachable: databaseUp },
        chains,
        uptime_seconds: Math.round(process.uptime()),
      };
      return healthy ? reply.ok(data) : reply.fail('SERVICE_UNAVAILABLE_ERROR', {}, data);
    },
  );
}
