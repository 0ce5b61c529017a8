import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baseline: a bare Fastify doing the same SQL as the Keystead route it is compared with,
 * with no envelope, no CSRF, no session plugin, no validation. Same database, same schema.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  ...(process.env.DATABASE_SCHEMA ? { options: `-c search_path="${process.env.DATABASE_SCHEMA}"` } : {}),
});
const app = Fastify({ logger: false });

app.get('/bare/language', async () => ({ list: [{ code: 'en-US' }, { code: 'zh-CN' }, { code: 'zh-HK' }] }));

/** The session lookup every signed-in Keystead request makes: session joined with its user. */
async function sessionUser(cookie: string | undefined) {
  const token = /ks_session=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query(
    `select sessions.*, users.email, users.nickname, users.language_code, users.currency, users.created_at as user_created_at
       from sessions join users on users.id = sessions.user_id
      where sessions.token_hash = $1 and sessions.revoked_at is null and sessions.expires_at > now()`,
    [hash],
  );
  return rows[0];
}

app.get('/bare/user', async (request, reply) => {
  const row = await sessionUser(request.headers.cookie);
  if (!row) return reply.code(401).send({});
  return { user_id: row.user_id, email: row.email, nickname: row.nickname };
});

// The member page: the access check's membership lookup, the page, the count, the risk-tag sessions.
app.get('/bare/members', async (request) => {
  await sessionUser(request.headers.cookie);
  const org = Number((request.query as Record<string, string>).organization_id);
  await pool.query(
    'select m.role, m.status from organization_members m join organizations o on o.id = m.organization_id where m.organization_id = $1 limit 1',
    [org],
  );
  const [page, total] = await Promise.all([
    pool.query(
      'select m.id, m.user_id, m.email, m.role, m.status, m.joined_at, u.nickname from organization_members m left join users u on u.id = m.user_id where m.organization_id = $1 order by m.id limit 10 offset 0',
      [org],
    ),
    pool.query(
      'select count(*) from organization_members m left join users u on u.id = m.user_id where m.organization_id = $1',
      [org],
    ),
  ]);
  const ids = page.rows.map((row) => row.user_id);
  await pool.query(
    `select user_id, device, activated_at, last_seen_at from sessions where user_id = any($1) and stage = 'active' order by activated_at desc`,
    [ids],
  );
  return { list: page.rows, total: Number(total.rows[0].count) };
});

// The audit page: membership lookup, page and count with the same filters.
app.get('/bare/audit', async (request) => {
  await sessionUser(request.headers.cookie);
  const query = request.query as Record<string, string>;
  const org = Number(query.organization_id);
  const page = Number(query.page ?? 1);
  await pool.query(
    'select m.role, m.status from organization_members m join organizations o on o.id = m.organization_id where m.organization_id = $1 limit 1',
    [org],
  );
  const filter = query.type ? 'and a.type = $2' : '';
  const params = query.type ? [org, query.type] : [org];
  const [rows, total] = await Promise.all([
    pool.query(
      `select a.id, a.type, a.operation, a.content, a.ip, a.location, a.created_at, a.user_id, u.nickname, u.email from audit_log a left join users u on u.id = a.user_id where a.organization_id = $1 ${filter} order by a.created_at desc, a.id desc limit 10 offset ${(page - 1) * 10}`,
      params,
    ),
    query.type
      ? pool.query(
          `select count(*) from (select a.id from audit_log a left join users u on u.id = a.user_id where a.organization_id = $1 ${filter} limit 10001) capped`,
          params,
        )
      : pool.query('select seq as count from audit_log where organization_id = $1 order by id desc limit 1', [
          org,
        ]),
  ]);
  return { list: rows.rows, total: Number(total.rows[0].count) };
});

const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
void address;
