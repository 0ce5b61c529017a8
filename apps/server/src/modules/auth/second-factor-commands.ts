import type { z } from 'zod';
import type { verifyCodeBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/crypto';
import { requireSecondFactorStage } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { updateUser } from '../users/user-repository';
import type { SignInCaller } from './auth-commands';
import {
  countSecondFactorFailure,
  findPasswordReset,
  insertPasswordReset,
  markPasswordResetReady,
  resetAccount,
  resetAccountByEmail,
  revokeForSecondFactorFailures,
  usePasswordReset,
  voidPasswordReset,
} from './auth-repository';
import { checkEmailCode, markCodeUsed } from './email-code.service';
import { hashPassword } from './password';
import { activateSession, revokeSessions } from './session.service';
import { checkTotp, recordTotpStep } from './totp-check';

/** Wrong second-factor codes allowed before the pending login (or reset) is thrown away. */
export const MAX_SECOND_FACTOR_FAILURES = 3;
export const RESET_LIFETIME_MS = 15 * 60_000;

type VerifyBody = z.infer<typeof verifyCodeBody>;

/**
 * A step that failed: the error to answer and whether the pending login or reset was thrown
 * away with it (then its cookies are cleared).
 */
export interface FailedStep {
  failed: AppError;
  voided: boolean;
}

/** The login's second factor: activates the session under a new token. */
export async function verifyLoginCode(
  ctx: AppContext,
  caller: SignInCaller,
  body: VerifyBody,
): Promise<{ token: string } | FailedStep> {
  const { session, user } = requireSecondFactorStage(caller);
  let totpStep: number | null = null;
  let codeId: number | null = null;
  try {
    if (session.second_factor === 'totp') {
      if (!body.mfa_code) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
      totpStep = checkTotp(ctx, user, body.mfa_code);
    } else {
      if (!body.email_code) throw new AppError('EMAIL_AUTHENTICATION_ERROR');
      codeId = await checkEmailCode(ctx, 'login', user.email, body.email_code);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'AUTHENTICATION_CODE_ERROR') throw error;
    return countLoginFailure(ctx, session.id);
  }
  const token = await ctx.db.transaction().execute(async (trx) => {
    if (totpStep !== null) await recordTotpStep(trx, user.id, totpStep);
    if (codeId !== null) await markCodeUsed(trx, codeId);
    const fresh = await activateSession(trx, session.id);
    // "Logged in elsewhere" was confirmed by continuing: the other devices are signed out now.
    if (session.other_device_login)
      await revokeSessions(trx, user.id, 'other_device_login', { exceptSessionId: session.id });
    await writeAudit(trx, {
      organizationId: null,
      userId: user.id,
      type: 'account',
      operation: 'login',
      ip: caller.ip,
      content: { second_factor: session.second_factor },
    });
    return fresh;
  });
  return { token };
}

async function countLoginFailure(ctx: AppContext, sessionId: number): Promise<FailedStep> {
  const failures = await countSecondFactorFailure(ctx.db, sessionId);
  const remaining = Math.max(0, MAX_SECOND_FACTOR_FAILURES - failures);
  if (remaining === 0) await revokeForSecondFactorFailures(ctx.db, sessionId);
  return {
    failed: new AppError('AUTHENTICATION_CODE_ERROR', {}, { remaining_attempts: remaining }),
    voided: remaining === 0,
  };
}

export type ResetStep = { next: 'new_password' | 'mfa'; resetToken?: string | undefined } | FailedStep;

/**
 * The password reset's checks: the e-mail code opens a reset (its token goes in a cookie); the
 * authenticator code, when one is bound, makes it ready for a new password.
 */
export async function advancePasswordReset(
  ctx: AppContext,
  caller: SignInCaller,
  body: VerifyBody,
): Promise<ResetStep> {
  if (body.email_code) {
    if (!body.email) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email' });
    const email = body.email;
    const codeId = await checkEmailCode(ctx, 'forget_password', email, body.email_code);
    const user = await resetAccountByEmail(ctx.db, email);
    if (!user) throw new AppError('AUTHENTICATION_CODE_ERROR');
    const token = randomToken(32);
    const stage = user.totp_secret_enc ? 'second_factor' : 'ready';
    await ctx.db.transaction().execute(async (trx) => {
      await markCodeUsed(trx, codeId);
      await insertPasswordReset(trx, {
        userId: user.id,
        token,
        stage,
        expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
      });
    });
    return { next: stage === 'ready' ? 'new_password' : 'mfa', resetToken: token };
  }
  if (!body.mfa_code) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email_code' });
  const token = caller.resetToken;
  const reset = token ? await findPasswordReset(ctx.db, token) : undefined;
  if (!reset || reset.used_at || reset.stage !== 'second_factor' || !reset.user_id)
    throw new AppError('RESET_PASSWORD_ERROR');
  if (reset.expires_at.getTime() < Date.now()) throw new AppError('SECRET_EXPIRED_ERROR');
  const user = await resetAccount(ctx.db, reset.user_id);
  const failureKey = `reset-mfa-fail:${reset.id}`;
  let step: number;
  try {
    step = checkTotp(ctx, user, body.mfa_code);
  } catch (error) {
    const failures = await ctx.rates.hit(failureKey, RESET_LIFETIME_MS);
    const voided = failures >= MAX_SECOND_FACTOR_FAILURES;
    if (voided) await voidPasswordReset(ctx.db, reset.id);
    if (error instanceof AppError)
      return {
        failed: new AppError(
          error.code,
          {},
          { remaining_attempts: Math.max(0, MAX_SECOND_FACTOR_FAILURES - failures) },
        ),
        voided,
      };
    throw error;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await recordTotpStep(trx, user.id, step);
    await markPasswordResetReady(trx, reset.id);
  });
  return { next: 'new_password' };
}

/** Sets the new password at the end of a reset; every session of the account ends. */
export async function finishPasswordReset(
  ctx: AppContext,
  caller: SignInCaller,
  password: string,
): Promise<void> {
  const token = caller.resetToken;
  const reset = token ? await findPasswordReset(ctx.db, token) : undefined;
  if (!reset || reset.used_at || !reset.user_id) throw new AppError('RESET_PASSWORD_ERROR');
  if (reset.expires_at.getTime() < Date.now()) throw new AppError('SECRET_EXPIRED_ERROR');
  if (reset.stage !== 'ready') throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
  const passwordHash = await hashPassword(password);
  const userId = reset.user_id;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await usePasswordReset(trx, reset.id))) throw new AppError('RESET_PASSWORD_ERROR');
    await updateUser(trx, userId, { password_hash: passwordHash, updated_at: new Date() });
    // A new password ends every session: whoever knew the old one is out.
    await revokeSessions(trx, userId, 'password_reset');
    await writeAudit(trx, {
      organizationId: null,
      userId,
      type: 'account',
      operation: 'password_reset',
      ip: caller.ip,
    });
  });
}
