import { z } from 'zod';
import { CLIENT_VERSION, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../plugins/access-rules';

export const webConfigReply = z.object({
  error_report_key: z.string().nullable(),
  require_invite: z.boolean(),
  dev_mode: z.boolean(),
  client_version: z.string(),
  devnet: z.object({ chain_id: z.number(), contracts: z.record(z.string(), z.string()) }).nullable(),
});

/** Runtime configuration the web client reads before anything else (§7 web-config, language list). */
export async function webConfigRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/web-config',
    {
      config: { access: PUBLIC },
      schema: { tags: ['platform'], summary: 'Runtime configuration for the web client' },
    },
    async (_request, reply) => {
      const devnet = ctx.chains.list().find((chain) => chain.family === 'EVM' && chain.isDevnet);
      return reply.ok({
        error_report_key: null,
        require_invite: ctx.config.REQUIRE_INVITE,
        dev_mode: !ctx.config.isProduction,
        client_version: CLIENT_VERSION,
        devnet:
          devnet && devnet.family === 'EVM'
            ? { chain_id: devnet.chainId, contracts: devnet.contracts }
            : null,
      } satisfies z.infer<typeof webConfigReply>);
    },
  );
}

export async function languageListRoutes(app: AppInstance) {
  app.get(
    '/language',
    { config: { access: PUBLIC }, schema: { tags: ['platform'], summary: 'Supported languages' } },
    async (_request, reply) =>
      reply.ok({ list: SUPPORTED_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })) }),
  );
}
