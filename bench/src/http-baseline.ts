import { randomBytes, createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import pg from 'pg';
import { BENCH_DATABASE_URL, load, printRow, startChild, tempDir } from './harness';
import { csrfForSession } from './seed';

const PASSWORD = 'Bench-Password-1';

interface Fixture {
  schema: string;
  token: string;
  email: string;
}

/** One user with an active session, written straight into the bench schema. */
async function seedUser(schema: string): Promise<Fixture> {
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    options: `-c search_path="${schema}"`,
  });
  await client.connect();
  const email = `bench.${Date.now()}@example.com`;
  const passwordHash = await hash(PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const user = await client.query(
    `insert into users (email, password_hash, nickname) values ($1, $2, 'bench') returning id`,
    [email, passwordHash],
  );
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, stage, expires_at, activated_at) values ($1, $2, 'active', now() + interval '1 day', now())`,
    [user.rows[0].id, createHash('sha256').update(token).digest('hex')],
  );
  await client.end();
  return { schema, token, email };
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

/** Keystead vs a bare Fastify doing the same SQL, in the same run, on PostgreSQL. */
export async function benchHttp(): Promise<void> {
  console.log('\n# HTTP throughput (PostgreSQL, 50 connections, 8 s each; ratio = Keystead / bare route)');
  const schema = `bench_http_${Date.now()}`;
  const env = {
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DEVNET: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('http'),
    TRUST_PROXY: 'true',
  };
  const keystead = await startChild('apps/server/src/main.ts', env, '/api/v1/language');
  const bare = await startChild('bench/src/bare-server.ts', env, '/bare/language');
  try {
    const fixture = await seedUser(schema);
    // A browser holds its CSRF cookie as well as the session cookie.
    const config = await fetch(`${keystead.url}/api/web/v2/web-config`);
    const csrf = /ks_csrf=([^;]+)/.exec(config.headers.get('set-cookie') ?? '')![1]!;
    const cookie = `ks_session=${fixture.token}; ks_csrf=${await csrfForSession(keystead.url, fixture.token)}`;
    const pairs: Array<[string, string, string, Record<string, string>]> = [
      ['GET /api/v1/language', `${keystead.url}/api/v1/language`, `${bare.url}/bare/language`, {}],
      [
        'GET /api/v1/user/base-info (signed in)',
        `${keystead.url}/api/v1/user/base-info`,
        `${bare.url}/bare/user`,
        { cookie },
      ],
    ];
    for (const [name, ours, baseline, headers] of pairs) {
      const a = await load({ url: ours, headers });
      const b = await load({ url: baseline, headers });
      printRow(name, {
        rps: a.requestsPerSecond,
        p99_ms: a.p99,
        bare_rps: b.requestsPerSecond,
        bare_p99_ms: b.p99,
        ratio: (a.requestsPerSecond / b.requestsPerSecond).toFixed(2),
        non2xx: a.non2xx + a.errors,
      });
    }
    await benchLogin(keystead.url, fixture, csrf);
  } finally {
    await keystead.stop();
    await bare.stop();
    await dropSchema(schema);
  }
}

/** Logins/s (argon2id dominates) against bare argon2id verifications/s in this process. */
async function benchLogin(url: string, fixture: Fixture, csrf: string): Promise<void> {
  let counter = 0;
  const login = await load({
    url: `${url}/api/v1/login`,
    method: 'POST',
    duration: 6,
    connections: 8,
    body: JSON.stringify({ email: fixture.email, password: PASSWORD }),
    // Each request comes from another address, as logins of many users would; one address
    // meets the per-IP limit (30 per 15 min) at once.
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          request.headers = {
            'content-type': 'application/json',
            cookie: `ks_csrf=${csrf}`,
            'x-csrf-token': csrf,
            'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
          };
          return request;
        },
      },
    ],
  });
  const stored = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  let verified = 0;
  const until = performance.now() + 6000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        await verify(stored, PASSWORD);
        verified += 1;
      }
    }),
  );
  const bareRate = verified / 6;
  printRow('POST /api/v1/login (password step)', {
    logins_per_s: login.requestsPerSecond,
    p99_ms: login.p99,
    argon2id_verify_per_s: Math.round(bareRate),
    ratio: (login.requestsPerSecond / bareRate).toFixed(2),
    non2xx: login.non2xx + login.errors,
  });
}
