import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { CSRF_COOKIE, HEADERS, type Language } from '@keystead/contract';
import { buildApp, type AppInstance } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createRateCounter } from '../src/lib/rate-counter';
import {
  ChainRegistry,
  type ChainEndpoint,
  type EvmChainEndpoint,
} from '../src/modules/chains/chain-registry';
import { devnetFaucetFor } from '../src/modules/chains/devnet-faucet';

export interface TestApp {
  app: AppInstance;
  schema: string | undefined;
  ctx: AppContext;
  client(options?: { language?: Language; ip?: string }): TestClient;
  close(): Promise<void>;
}

/**
 * A real app on a fresh database: PGlite in memory, or, when DATABASE_URL is set, a new schema
 * on that PostgreSQL server that is dropped afterwards. Chains: the shared test devnet.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    setup?: (app: AppInstance) => void;
    chains?: ChainEndpoint[];
    sharedSchemaOf?: TestApp;
    webDistDir?: string;
    /** Log lines (at LOG_LEVEL, info unless set) go here instead of being silenced. */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL;
  // A second app on the same schema stands in for a second server process.
  const schema =
    options.sharedSchemaOf?.schema ?? (databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined);
  const ownsSchema = !options.sharedSchemaOf;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEVNET: 'off',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema! } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  // On PGlite (one process by nature) the second app shares the first one's database handle.
  const sharedHandle = !databaseUrl && options.sharedSchemaOf ? options.sharedSchemaOf.ctx.database : null;
  const database =
    sharedHandle ??
    (await openDatabase({
      ...(databaseUrl ? { url: databaseUrl, schema: schema!, poolSize: 4 } : {}),
      pgliteDir: 'memory://',
    }));
  await migrate(database);
  const endpoints: ChainEndpoint[] = options.chains ?? devnetChains();
  const rates = createRateCounter(config.REDIS_URL, config.DATABASE_SCHEMA ?? '');
  const devnetEndpoint = endpoints.find((e): e is EvmChainEndpoint => e.family === 'EVM' && e.isDevnet);
  const faucet = devnetEndpoint ? devnetFaucetFor(devnetEndpoint) : null;
  const { app, ctx } = await buildApp({
    config,
    database,
    chains: new ChainRegistry(endpoints, faucet),
    rates,
    logger: Boolean(options.logStream),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    schema,
    ctx,
    client: (options = {}) => new TestClient(app, options.language ?? 'en-US', options.ip ?? randomIp()),
    async close() {
      await app.close();
      await rates.close();
      if (!sharedHandle) await database.close();
      if (databaseUrl && schema && ownsSchema) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        await admin.query(`drop schema if exists "${schema}" cascade`);
        await admin.end();
      }
    },
  };
}

/** The shared test devnet as the registry's EVM chain (none when the run has no devnet). */
export function devnetChains(): ChainEndpoint[] {
  const devnet = safeInject('devnet');
  return devnet
    ? [
        {
          family: 'EVM',
          chainId: devnet.chainId,
          name: 'Devnet',
          rpcUrl: devnet.rpcUrl,
          isDevnet: true,
          contracts: devnet.contracts,
        },
      ]
    : [];
}

function safeInject(key: 'devnet') {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

function randomIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  code: string;
  message: string;
  data: T;
  headers: Record<string, unknown>;
  raw: string;
}

/** A browser-like client: keeps cookies, copies the CSRF cookie into its header, sends §7 headers. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Sent as the organization-id header (§7) when set. */
  spaceId: number | null = null;
  constructor(
    private readonly app: AppInstance,
    public language: Language,
    public readonly ip: string,
  ) {}

  get<T = Record<string, unknown>>(url: string, query?: Record<string, string | number>) {
    const qs = query
      ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    return this.request<T>('GET', `${url}${qs}`);
  }
  post<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }
  put<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
  patch<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body);
  }
  delete<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('DELETE', url, body);
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply<T>> {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE))
      await this.request('GET', '/api/web/v2/web-config');
    const headers: Record<string, string> = {
      [HEADERS.language]: this.language,
      [HEADERS.platform]: 'web',
      [HEADERS.clientVersion]: '2.31.9',
      ...(this.spaceId ? { [HEADERS.organizationId]: String(this.spaceId) } : {}),
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...(this.cookies.has(CSRF_COOKIE) ? { [HEADERS.csrf]: this.cookies.get(CSRF_COOKIE)! } : {}),
      ...extraHeaders,
    };
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(body !== undefined ? { payload: body as string | object } : {}),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let parsed: { code?: string; message?: string; data?: T } = {};
    try {
      parsed = JSON.parse(response.body);
    } catch {
      parsed = {};
    }
    return {
      status: response.statusCode,
      code: parsed.code ?? '',
      message: parsed.message ?? '',
      data: parsed.data as T,
      headers: response.headers,
      raw: response.body,
    };
  }
}
