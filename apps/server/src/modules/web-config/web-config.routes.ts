import {
  CLIENT_VERSION,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
  languageListReply,
  webConfigReply,
  type WebConfig,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../plugins/access-rules';

/** Runtime configuration the web client reads before anything else (§7 web-config, language list). */
export async function webConfigRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/web-config',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(webConfigReply),
        tags: ['platform'],
        summary: 'Runtime configuration for the web client',
      },
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
        walletconnect: ctx.config.WALLETCONNECT_PROJECT_ID
          ? { project_id: ctx.config.WALLETCONNECT_PROJECT_ID, relay_url: ctx.config.WALLETCONNECT_RELAY_URL }
          : null,
      } satisfies WebConfig);
    },
  );
}

export async function languageListRoutes(app: AppInstance) {
  app.get(
    '/language',
    {
      config: { access: PUBLIC },
      schema: { response: replies(languageListReply), tags: ['platform'], summary: 'Supported languages' },
    },
    async (_request, reply) =>
      reply.ok({ list: SUPPORTED_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })) }),
  );
}
