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

// The session lookup Keystead makes for GET /user/base-info: session joined with its user.
app.get('/bare/user', async (request, reply) => {
  const token = /ks_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query(
    `select sessions.*, users.email, users.nickname, users.language_code, users.currency, users.created_at as user_created_at
       from sessions join users on users.id = sessions.user_id
      where sessions.token_hash = $1 and sessions.revoked_at is null and sessions.expires_at > now()`,
    [hash],
  );
  if (!rows[0]) return reply.code(401).send({});
  return { user_id: rows[0].user_id, email: rows[0].email, nickname: rows[0].nickname };
});

const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
void address;
