import pg from 'pg';
import { csrfForSession, seedOwnerSpace, seedSession } from './seed';
import { dropSchema } from './http-baseline';
import { BENCH_DATABASE_URL, load, printRow, startChild, tempDir } from './harness';

const AUDIT_ROWS = 100_000;
const MEMBERS = 200;

/**
 * One space with 200 members and 100 000 audit rows. Seeded with SQL (the hash chain is not
 * what is measured here; the list queries are).
 */
export async function seed(schema: string): Promise<{ token: string; organizationId: number }> {
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    options: `-c search_path="${schema}"`,
  });
  await client.connect();
  const { ownerId, organizationId } = await seedOwnerSpace(client, 'Bench space');
  await client.query(
    `with u as (insert into users (email, password_hash, nickname) select 'm' || g || '@bench.io', 'x', 'member ' || g from generate_series(1, $2::int) g returning id, email)
     insert into organization_members (organization_id, user_id, email, role, status, joined_at) select $1, id, email, 0, 'joined', now() from u`,
    [organizationId, MEMBERS],
  );
  await client.query(
    `insert into audit_log (organization_id, user_id, type, operation, content, ip, created_at, seq, prev_hash, hash)
     select $1, $2, (array['member','wallet','organization','transfer'])[1 + g % 4], 'op_' || (g % 20), jsonb_build_object('n', g), '10.0.0.1',
            now() - (g || ' seconds')::interval, $3::int + 1 - g, md5(g::text), md5((g + 1)::text)
       from generate_series(1, $3::int) g order by g desc`,
    [organizationId, ownerId, AUDIT_ROWS],
  );
  await client.query('analyze');
  const token = await seedSession(client, ownerId);
  await client.end();
  return { token, organizationId };
}

/** Member list and audit-log list of a big space vs bare routes running the same SQL (goal p99 ≤ 30 ms). */
export async function benchSpaceLists(): Promise<void> {
  console.log(`\n# Space lists (PostgreSQL, ${MEMBERS} members, ${AUDIT_ROWS} audit rows, 50 connections)`);
  const schema = `bench_space_${Date.now()}`;
  const env = {
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DEVNET: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('space'),
  };
  const keystead = await startChild('apps/server/src/main.ts', env, '/api/v1/language');
  const bare = await startChild('bench/src/bare-server.ts', env, '/bare/language');
  try {
    const { token, organizationId } = await seed(schema);
    const csrf = await csrfForSession(keystead.url, token);
    const headers = {
      cookie: `ks_session=${token}; ks_csrf=${csrf}`,
      'organization-id': String(organizationId),
    };
    const cases: Array<[string, string, string]> = [
      [
        'GET /api/v1/organization/member (page 1)',
        '/api/v1/organization/member?page=1&page_size=10',
        '/bare/members',
      ],
      ['GET /api/v1/audit-log (page 1)', '/api/v1/audit-log?page=1&page_size=10', '/bare/audit'],
      [
        'GET /api/v1/audit-log (page 500, type filter)',
        '/api/v1/audit-log?page=500&page_size=10&type=wallet',
        '/bare/audit?page=500&type=wallet',
      ],
    ];
    for (const [name, ours, baseline] of cases) {
      const a = await load({ url: `${keystead.url}${ours}`, headers });
      const b = await load({
        url: `${bare.url}${baseline}${baseline.includes('?') ? '&' : '?'}organization_id=${organizationId}`,
        headers,
      });
      printRow(name, {
        rps: a.requestsPerSecond,
        p99_ms: a.p99,
        bare_rps: b.requestsPerSecond,
        bare_p99_ms: b.p99,
        ratio: (a.requestsPerSecond / b.requestsPerSecond).toFixed(2),
        goal: 'p99≤30ms',
        non2xx: a.non2xx + a.errors,
      });
    }
  } finally {
    await keystead.stop();
    await bare.stop();
    await dropSchema(schema);
  }
}
