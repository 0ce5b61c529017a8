import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import { PHONE_PAIRING, SESSION_COOKIE } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database, Session, User } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';
import {
  membershipOf,
  membershipSql,
  type SpaceLookup,
  type SpaceMembership,
} from '../policy/space-membership';

/** How long sessions live. Idle: no request for this long ends it. Absolute: never longer. */
export const SESSION_LIMITS = {
  secondFactorMs: 10 * 60_000,
  idleMs: 2 * 60 * 60_000,
  absoluteMs: 24 * 60 * 60_000,
  /** last_seen_at is written at most this often, to keep reads cheap. */
  touchEveryMs: 60_000,
};

/** A paired phone may only sign (routes marked `phone`), so it is not asked to pair again daily. */
const DAY_MS = 24 * 60 * 60_000;
export const PHONE_SESSION_LIMITS = {
  idleMs: PHONE_PAIRING.sessionIdleDays * DAY_MS,
  absoluteMs: PHONE_PAIRING.sessionAbsoluteDays * DAY_MS,
};

type SessionKind = Session['kind'];
const limitsOf = (kind: SessionKind) => (kind === 'phone' ? PHONE_SESSION_LIMITS : SESSION_LIMITS);

export interface SessionCookieOptions {
  secure: boolean;
  kind?: SessionKind;
}

export function setSessionCookie(reply: FastifyReply, token: string, options: SessionCookieOptions): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: Math.floor(limitsOf(options.kind ?? 'browser').absoluteMs / 1000),
  });
  // The CSRF token is bound to the session: the client's next POST needs one for the new cookie.
  reply.bindCsrfToSession(token);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.bindCsrfToSession(null);
}

/** Describes the browser briefly for the login history (no third-party parser needed). */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'Unknown OS';
  return `${browser} on ${os}`;
}

export interface NewSession {
  userId: number;
  stage: Session['stage'];
  secondFactor: Session['second_factor'];
  otherDeviceLogin: boolean;
  client: SessionClient;
  /** Default 'browser'. */
  kind?: SessionKind;
}

/** Where a session is opened from: the client's address and browser. */
export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

export function sessionClient(request: FastifyRequest): SessionClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Creates a session row and returns the cookie token (only its hash is stored) and its end. */
export async function createSession(
  trx: Kysely<Database>,
  input: NewSession,
): Promise<{ token: string; id: number; expiresAt: Date }> {
  const token = randomToken(32);
  const kind = input.kind ?? 'browser';
  const lifetime = input.stage === 'active' ? limitsOf(kind).absoluteMs : SESSION_LIMITS.secondFactorMs;
  const userAgent = input.client.userAgent;
  const expiresAt = new Date(Date.now() + lifetime);
  const row = await trx
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      token_hash: sha256Hex(token),
      stage: input.stage,
      second_factor: input.secondFactor,
      other_device_login: input.otherDeviceLogin,
      ip: input.client.ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
      device: describeDevice(userAgent),
      expires_at: expiresAt,
      activated_at: input.stage === 'active' ? new Date() : null,
      kind,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id, expiresAt };
}

/**
 * Promotes a session to active with a NEW token (rotation at privilege change), so a token
 * seen before the second factor is worthless afterwards.
 */
export async function activateSession(trx: Kysely<Database>, sessionId: number): Promise<string> {
  const token = randomToken(32);
  await trx
    .updateTable('sessions')
    .set({
      token_hash: sha256Hex(token),
      stage: 'active',
      activated_at: new Date(),
      last_seen_at: new Date(),
      expires_at: new Date(Date.now() + SESSION_LIMITS.absoluteMs),
    })
    .where('id', '=', sessionId)
    .execute();
  return token;
}

export async function revokeSessions(
  trx: Kysely<Database>,
  userId: number,
  reason: string,
  options: { exceptSessionId?: number; onlySessionId?: number } = {},
): Promise<number> {
  let query = trx
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.exceptSessionId !== undefined) query = query.where('id', '!=', options.exceptSessionId);
  if (options.onlySessionId !== undefined) query = query.where('id', '=', options.onlySessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function hasOtherActiveSession(
  db: Kysely<Database>,
  userId: number,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('stage', '=', 'active')
    // A paired phone is not "another device logged in": it only signs.
    .where('kind', '=', 'browser')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('last_seen_at', '>', new Date(Date.now() - SESSION_LIMITS.idleMs));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.limit(1).executeTakeFirst());
}

export interface LoadedSession {
  session: Session;
  user: User;
  /** The requested space's membership, when the session was read with a SpaceLookup. */
  space?: SpaceMembership | null;
}

/**
 * The per-request session lookup. Plain SQL (no query builder): it runs on every request and
 * building it with Kysely cost ~12% of a signed-in read in the profile.
 */
const SESSION_COLUMNS = `
  s.id, s.user_id, s.token_hash, s.stage, s.second_factor, s.second_factor_failures,
  s.other_device_login, s.ip, s.user_agent, s.device, s.location, s.created_at, s.last_seen_at,
  s.expires_at, s.activated_at, s.revoked_at, s.revoked_reason, s.kind,
  u.email, u.password_hash, u.nickname, u.company, u.avatar_upload_id, u.language_code, u.currency,
  u.anti_phishing_code, u.totp_secret_enc, u.totp_pending_secret_enc, u.totp_bound_at, u.totp_last_step,
  u.totp_reset_after,
  u.notify_space, u.notify_wallet, u.notify_task, u.asset_show_amount, u.asset_hide_small, u.created_at as user_created_at, u.updated_at as user_updated_at`;
const SESSION_LOOKUP_WHERE = 'where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()';
const SESSION_LOOKUP_SQL = `select ${SESSION_COLUMNS} from sessions s join users u on u.id = s.user_id ${SESSION_LOOKUP_WHERE}`;

/** The session lookup, and with a SpaceLookup the caller's membership of that space in the same statement. */
function sessionQuery(token: string, space: SpaceLookup | undefined): CompiledQuery<SessionRow> {
  if (!space) return CompiledQuery.raw(SESSION_LOOKUP_SQL, [sha256Hex(token)]);
  const membership = membershipSql(space, 2);
  return CompiledQuery.raw(
    `select ${SESSION_COLUMNS}, ${membership.columns}
       from sessions s join users u on u.id = s.user_id ${membership.joins}
      ${SESSION_LOOKUP_WHERE}`,
    [sha256Hex(token), ...membership.parameters],
  );
}

type SessionRow = Session &
  Omit<User, 'id' | 'created_at' | 'updated_at'> & { user_created_at: Date; user_updated_at: Date };

/**
 * Finds the live session for a cookie token, enforcing revocation, absolute and idle expiry.
 * With `space`, also the user's membership of that space (the access check's one read).
 */
export async function loadSession(
  ctx: AppContext,
  token: string,
  space?: SpaceLookup,
): Promise<LoadedSession | null> {
  const result = await ctx.db.executeQuery<SessionRow>(sessionQuery(token, space));
  const row = result.rows[0];
  if (!row) return null;
  const now = Date.now();
  if (row.stage === 'active' && row.last_seen_at.getTime() < now - limitsOf(row.kind).idleMs) return null;
  if (now - row.last_seen_at.getTime() > SESSION_LIMITS.touchEveryMs) {
    await ctx.db.executeQuery(
      CompiledQuery.raw('update sessions set last_seen_at = now() where id = $1', [row.id]),
    );
  }
  const session: Session = {
    id: row.id,
    user_id: row.user_id,
    token_hash: row.token_hash,
    stage: row.stage,
    second_factor: row.second_factor,
    second_factor_failures: row.second_factor_failures,
    other_device_login: row.other_device_login,
    ip: row.ip,
    user_agent: row.user_agent,
    device: row.device,
    location: row.location,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    activated_at: row.activated_at,
    revoked_at: row.revoked_at,
    revoked_reason: row.revoked_reason,
    kind: row.kind,
  };
  const user: User = {
    id: row.user_id,
    email: row.email,
    password_hash: row.password_hash,
    nickname: row.nickname,
    company: row.company,
    avatar_upload_id: row.avatar_upload_id,
    language_code: row.language_code,
    currency: row.currency,
    anti_phishing_code: row.anti_phishing_code,
    totp_secret_enc: row.totp_secret_enc,
    totp_pending_secret_enc: row.totp_pending_secret_enc,
    totp_bound_at: row.totp_bound_at,
    totp_last_step: row.totp_last_step,
    totp_reset_after: row.totp_reset_after,
    notify_space: row.notify_space,
    notify_wallet: row.notify_wallet,
    notify_task: row.notify_task,
    asset_show_amount: row.asset_show_amount,
    asset_hide_small: row.asset_hide_small,
    created_at: row.user_created_at,
    updated_at: row.user_updated_at,
  };
  return space ? { session, user, space: membershipOf(row) } : { session, user };
}
