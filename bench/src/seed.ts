import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** An enterprise space with its creator (authenticator bound), written straight with SQL. */
export async function seedOwnerSpace(
  client: pg.Client,
  name: string,
): Promise<{ ownerId: number; organizationId: number }> {
  const owner = await client.query(
    `insert into users (email, password_hash, nickname, totp_secret_enc) values ('owner@bench.io', 'x', 'owner', 'x') returning id`,
  );
  const ownerId = owner.rows[0].id as number;
  const org = await client.query(
    `insert into organizations (name, creator_user_id, plan) values ($1, $2, 'enterprise') returning id`,
    [name, ownerId],
  );
  const organizationId = org.rows[0].id as number;
  await client.query(
    `insert into organization_members (organization_id, user_id, email, role, status, joined_at) values ($1, $2, 'owner@bench.io', 1, 'joined', now())`,
    [organizationId, ownerId],
  );
  return { ownerId, organizationId };
}

/**
 * The CSRF token the server issues for a session cookie (tokens are bound to the session), read
 * from a GET's reply as a browser would.
 */
export async function csrfForSession(baseUrl: string, sessionToken: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/web/v2/web-config`, {
    headers: { cookie: `ks_session=${sessionToken}` },
  });
  return /ks_csrf=([^;]+)/.exec(reply.headers.get('set-cookie') ?? '')![1]!;
}

/** An active session for the user; returns the cookie token. */
export async function seedSession(client: pg.Client, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, stage, expires_at, activated_at) values ($1, $2, 'active', now() + interval '1 day', now())`,
    [userId, createHash('sha256').update(token).digest('hex')],
  );
  return token;
}
