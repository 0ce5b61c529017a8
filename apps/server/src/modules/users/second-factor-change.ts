import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MFA_LOST_RESET_WAIT_MS, mfaInfoReply, type mfaChangeBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database, User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionCommandContext, UserCommandContext } from '../../lib/command-context';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { verifyPassword } from '../auth/password';
import { activateSession, revokeSessions } from '../auth/session.service';
import { checkTotp, recordTotpStep } from '../auth/totp-check';
import { matchTotpStep, newTotpSecret, totpUri } from '../auth/totp';
import { queueAccountNotice } from './account-mail';
import { updateUser } from './user-repository';

/** Wrong authenticator codes or passwords on these changes before the account waits a while. */
const CHANGE_FAILURES_PER_15_MIN = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;

function accountAudit(userId: number, operation: string, ip: string, content?: Record<string, unknown>) {
  return { organizationId: null, userId, type: 'account', operation, ip, ...(content ? { content } : {}) };
}

const resetAvailableAt = (user: Pick<User, 'totp_reset_after'>) =>
  user.totp_reset_after ? new Date(user.totp_reset_after).toISOString() : null;

async function pendingSecretReply(ctx: AppContext, user: User, secret: string | null) {
  const uri = secret ? totpUri(user.email, secret) : null;
  return mfaInfoReply.parse({
    bound: Boolean(user.totp_secret_enc),
    otpauth_uri: uri,
    qr_code: uri ? await QRCode.toDataURL(uri, { margin: 1, width: 200 }) : null,
    secret,
    reset_available_at: resetAvailableAt(user),
  });
}

/** GET: the authenticator's status, and the pending secret if one was already drawn. Changes nothing. */
export async function mfaInfo(ctx: AppContext, actor: UserCommandContext) {
  const { user } = actor;
  const pending =
    !user.totp_secret_enc && user.totp_pending_secret_enc
      ? decryptSecret(ctx.config.appSecret, user.totp_pending_secret_enc)
      : null;
  return pendingSecretReply(ctx, user, pending);
}

/** POST: while none is bound, draws (or returns the already drawn) pending secret to scan. */
export async function mfaPendingSecret(ctx: AppContext, actor: UserCommandContext) {
  const { user } = actor;
  if (user.totp_secret_enc) return pendingSecretReply(ctx, user, null);
  let secret = user.totp_pending_secret_enc
    ? decryptSecret(ctx.config.appSecret, user.totp_pending_secret_enc)
    : null;
  if (!secret) {
    secret = newTotpSecret();
    await updateUser(ctx.db, user.id, {
      totp_pending_secret_enc: encryptSecret(ctx.config.appSecret, secret),
    });
  }
  return pendingSecretReply(ctx, user, secret);
}

/** Counts a wrong code or password on these changes; too many in 15 minutes refuse further tries. */
async function guardFailures<T>(ctx: AppContext, userId: number, check: () => Promise<T> | T): Promise<T> {
  const key = `mfa-change-fail:${userId}`;
  if ((await ctx.rates.peek(key)) >= CHANGE_FAILURES_PER_15_MIN)
    throw new AppError('TOO_MANY_REQUESTS_ERROR');
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) await ctx.rates.hit(key, FAILURE_WINDOW_MS);
    throw error;
  }
}

async function checkPassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) throw new AppError('UCS_USER_PASSWORD_MISTAKE');
}

export type MfaChangeResult = { token: string | null; bound: boolean; reset_available_at: string | null };

/**
 * Binds or removes the authenticator. Removing needs the current authenticator's code and an
 * e-mail code; when the authenticator is lost, the password and an e-mail code start a 48-hour
 * wait (mailed to the account) and a later request with the password completes it. A removal
 * signs out every other session, mails the account and is audited. Returns this session's new
 * token when the second factor changed.
 */
export async function changeSecondFactor(
  ctx: AppContext,
  actor: SessionCommandContext,
  input: z.infer<typeof mfaChangeBody>,
): Promise<MfaChangeResult> {
  const { user } = actor;
  const now = new Date();
  switch (input.action) {
    case 'bind': {
      const codeId = await checkEmailCode(ctx, 'bind_mfa', user.email, input.email_code);
      if (user.totp_secret_enc || !user.totp_pending_secret_enc) throw new AppError('MFA_BIND_ERROR');
      const pending = user.totp_pending_secret_enc;
      const step = matchTotpStep(decryptSecret(ctx.config.appSecret, pending), input.mfa_code);
      if (step === null) throw new AppError('AUTHENTICATION_CODE_ERROR');
      const token = await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await updateUser(trx, user.id, {
          totp_secret_enc: pending,
          totp_pending_secret_enc: null,
          totp_bound_at: now,
          totp_last_step: step,
          totp_reset_after: null,
          updated_at: now,
        });
        await writeAudit(trx, accountAudit(user.id, 'mfa_bind', actor.ip));
        // The second factor changed: rotate this session's token.
        return activateSession(trx, actor.sessionId);
      });
      return { token, bound: true, reset_available_at: null };
    }
    case 'reset': {
      if (!user.totp_secret_enc) throw new AppError('MFA_BIND_ERROR');
      const step = await guardFailures(ctx, user.id, () => checkTotp(ctx, user, input.mfa_code));
      const codeId = await checkEmailCode(ctx, 'reset_mfa', user.email, input.email_code);
      const token = await removeAuthenticator(ctx, actor, 'authenticator_code', async (trx) => {
        await recordTotpStep(trx, user.id, step);
        await markCodeUsed(trx, codeId);
      });
      return { token, bound: false, reset_available_at: null };
    }
    case 'reset_lost': {
      if (!user.totp_secret_enc) throw new AppError('MFA_BIND_ERROR');
      await guardFailures(ctx, user.id, () => checkPassword(user, input.password));
      const codeId = await checkEmailCode(ctx, 'reset_mfa', user.email, input.email_code);
      const after = new Date(now.getTime() + MFA_LOST_RESET_WAIT_MS);
      await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await updateUser(trx, user.id, { totp_reset_after: after, updated_at: now });
        await queueAccountNotice(ctx, trx, user, 'mfa_reset_requested', { when: after, ip: actor.ip });
        await writeAudit(
          trx,
          accountAudit(user.id, 'mfa_reset_requested', actor.ip, { available_at: after.toISOString() }),
        );
      });
      return { token: null, bound: true, reset_available_at: after.toISOString() };
    }
    case 'reset_complete': {
      if (!user.totp_secret_enc || !user.totp_reset_after)
        throw new AppError('MFA_RESET_NOT_REQUESTED_ERROR');
      const after = new Date(user.totp_reset_after);
      if (after.getTime() > now.getTime())
        throw new AppError('MFA_RESET_WAITING_ERROR', {}, { reset_available_at: after.toISOString() });
      await guardFailures(ctx, user.id, () => checkPassword(user, input.password));
      const token = await removeAuthenticator(ctx, actor, 'lost_after_wait', async () => undefined);
      return { token, bound: false, reset_available_at: null };
    }
    case 'reset_cancel': {
      if (!user.totp_reset_after) throw new AppError('MFA_RESET_NOT_REQUESTED_ERROR');
      await ctx.db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { totp_reset_after: null, updated_at: now });
        await queueAccountNotice(ctx, trx, user, 'mfa_reset_cancelled', { when: now, ip: actor.ip });
        await writeAudit(trx, accountAudit(user.id, 'mfa_reset_cancelled', actor.ip));
      });
      return { token: null, bound: true, reset_available_at: null };
    }
  }
}

/** Removes the bound authenticator: other sessions end, the account gets a mail, the log a row. */
async function removeAuthenticator(
  ctx: AppContext,
  actor: SessionCommandContext,
  method: 'authenticator_code' | 'lost_after_wait',
  proofs: (trx: Kysely<Database>) => Promise<void>,
): Promise<string> {
  const { user } = actor;
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    await proofs(trx);
    await updateUser(trx, user.id, {
      totp_secret_enc: null,
      totp_pending_secret_enc: null,
      totp_bound_at: null,
      totp_last_step: 0,
      totp_reset_after: null,
      updated_at: now,
    });
    const revoked = await revokeSessions(trx, user.id, 'mfa_reset', { exceptSessionId: actor.sessionId });
    await queueAccountNotice(ctx, trx, user, 'mfa_removed', { when: now, ip: actor.ip });
    await writeAudit(
      trx,
      accountAudit(user.id, 'mfa_reset', actor.ip, { method, sessions_revoked: revoked }),
    );
    return activateSession(trx, actor.sessionId);
  });
}
