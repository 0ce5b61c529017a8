import { logSerializers } from './lib/log-redaction';
import { answerClientError } from './plugins/client-error';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import type { RateCounter } from './lib/rate-counter';
import type { ChainRegistry } from './modules/chains/chain-registry';
import { envelopePlugin, sendError } from './plugins/envelope';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { replySerializerCompiler } from './plugins/reply-serializer';
import { requestContextPlugin, requestIdFromHeaders } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { accessPlugin } from './plugins/access';
import { staticWebPlugin } from './plugins/static-web';
import { priceBookFor, usePriceBook } from './modules/prices/prices';
import { registerApiRoutes } from './routes';
import { setAuditKey } from './modules/audit/audit.service';
import { upgradeLegacyAuditChains } from './modules/audit/audit-upgrade';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  chains: ChainRegistry;
  rates: RateCounter;
  /** Set false in tests to keep output quiet. */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  webDistDir?: string;
}

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.email_code',
  '*.mfa_code',
  '*.captcha_code',
  '*.token',
];

export async function buildApp(deps: AppDependencies): Promise<{ app: AppInstance; ctx: AppContext }> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: logSerializers,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: (request) => requestIdFromHeaders(request.headers),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Replies are sent as JSON.stringify makes them; tests check each against its response schema.
  app.setSerializerCompiler(
    replySerializerCompiler(config.replySchemaCheck, (mismatch) =>
      config.replySchemaCheck === 'fail'
        ? console.error(mismatch.message)
        : app.log.warn({ route: mismatch.route, problems: mismatch.problems }, 'reply outside its schema'),
    ),
  );

  // The audit key lives outside the database; chains written before keyed hashes are upgraded.
  setAuditKey(config.auditKey);
  await upgradeLegacyAuditChains(deps.database.db, config.auditKey);
  // Prices, like the audit key, are process-wide and come from the configuration.
  usePriceBook(priceBookFor(config));

  const ctx: AppContext = {
    config,
    database: deps.database,
    db: deps.database.db,
    log: app.log,
    rates: deps.rates,
    chains: deps.chains,
  };

  await app.register(cookie, { secret: config.appSecret });
  await app.register(requestContextPlugin);
  await app.register(envelopePlugin);
  await app.register(securityPlugin, {
    appSecret: config.appSecret,
    secureCookies: config.secureCookies,
    frameOrigins: config.DAPP_FRAME_ORIGINS,
    connectOrigins: config.WALLETCONNECT_PROJECT_ID
      ? [config.WALLETCONNECT_RELAY_URL.replace(/\/$/, '')]
      : [],
  });
  await app.register(sessionPlugin, { ctx });
  await app.register(accessPlugin);
  await app.register(metricsPlugin, config.METRICS_TOKEN ? { token: config.METRICS_TOKEN } : {});
  await app.register(openApiPlugin);
  await app.register(staticWebPlugin, deps.webDistDir ? { distDir: deps.webDistDir } : {});

  await registerApiRoutes(app, ctx);

  app.setNotFoundHandler((request, reply) => {
    if (app.serveSpa(request, reply)) return reply;
    return sendError(request, reply, 'ROUTE_NOT_FOUND_ERROR');
  });

  return { app, ctx };
}
