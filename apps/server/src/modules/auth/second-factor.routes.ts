import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LOGIN_STEP_COOKIE,
  RESET_COOKIE,
  forgetPasswordBody,
  verifyCodeBody,
  verifyCodeReply,
  doneReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { z } from 'zod';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { requireSecondFactorStage } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from './email-code.service';
import { hashPassword } from './password';
import { activateSession, clearSessionCookie, revokeSessions, setSessionCookie } from './session.service';
import { checkTotp, recordTotpStep } from './totp-check';
import { PUBLIC } from '../../plugins/access-rules';

/** Wrong second-factor codes allowed before the pending login (or reset) is thrown away. */
export const MAX_SECOND_FACTOR_FAILURES = 3;
const RESET_LIFETIME_MS = 15 * 60_000;

type VerifyBody = z.infer<typeof verifyCodeBody>;

export async function secondFactorRoutes(app: AppInstance, ctx: AppContext, secure: boolean) {
  app.post(
    '/email-mfa/verify',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(verifyCodeReply),
        tags: ['auth'],
        body: verifyCodeBody,
        summary: 'Second check of login or password reset',
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.category === 'login') return finishLogin(ctx, request, reply, body, secure);
      return advanceReset(ctx, request, reply, body, secure);
    },
  );

  app.post(
    '/forget-password',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(doneReply),
        tags: ['auth'],
        body: forgetPasswordBody,
        summary: 'Set a new password at the end of a reset',
      },
    },
    async (request, reply) => {
      const token = request.cookies[RESET_COOKIE];
      const reset = token
        ? await ctx.db
            .selectFrom('password_resets')
            .selectAll()
            .where('token_hash', '=', sha256Hex(token))
            .executeTakeFirst()
        : undefined;
      if (!reset || reset.used_at || !reset.user_id) throw new AppError('RESET_PASSWORD_ERROR');
      if (reset.expires_at.getTime() < Date.now()) throw new AppError('SECRET_EXPIRED_ERROR');
      if (reset.stage !== 'ready') throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
      const passwordHash = await hashPassword(request.body.password);
      const userId = reset.user_id;
      await ctx.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: new Date() })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw new AppError('RESET_PASSWORD_ERROR');
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        // A new password ends every session: whoever knew the old one is out.
        await revokeSessions(trx, userId, 'password_reset');
        await writeAudit(trx, {
          organizationId: null,
          userId,
          type: 'account',
          operation: 'password_reset',
          ip: request.ip,
        });
      });
      reply.clearCookie(RESET_COOKIE, { path: '/api/' });
      clearSessionCookie(reply);
      return reply.ok({});
    },
  );
}

async function finishLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: VerifyBody,
  secure: boolean,
) {
  const { session, user } = requireSecondFactorStage(request);
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
    return countLoginFailure(ctx, reply, session.id);
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
      ip: request.ip,
      content: { second_factor: session.second_factor },
    });
    return fresh;
  });
  setSessionCookie(reply, token, { secure });
  reply.clearCookie(LOGIN_STEP_COOKIE, { path: '/' });
  return reply.ok(verifyCodeReply.parse({ next: 'done' }));
}

async function countLoginFailure(ctx: AppContext, reply: FastifyReply, sessionId: number) {
  const row = await ctx.db
    .updateTable('sessions')
    .set((eb) => ({ second_factor_failures: eb('second_factor_failures', '+', 1) }))
    .where('id', '=', sessionId)
    .returning('second_factor_failures')
    .executeTakeFirstOrThrow();
  const remaining = Math.max(0, MAX_SECOND_FACTOR_FAILURES - row.second_factor_failures);
  if (remaining === 0) {
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: 'second_factor_failures' })
      .where('id', '=', sessionId)
      .execute();
    clearSessionCookie(reply);
    reply.clearCookie(LOGIN_STEP_COOKIE, { path: '/' });
  }
  throw new AppError('AUTHENTICATION_CODE_ERROR', {}, { remaining_attempts: remaining });
}

async function advanceReset(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: VerifyBody,
  secure: boolean,
) {
  if (body.email_code) {
    if (!body.email) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email' });
    const email = body.email;
    const codeId = await checkEmailCode(ctx, 'forget_password', email, body.email_code);
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'totp_secret_enc'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    if (!user) throw new AppError('AUTHENTICATION_CODE_ERROR');
    const token = randomToken(32);
    const stage = user.totp_secret_enc ? 'second_factor' : 'ready';
    await ctx.db.transaction().execute(async (trx) => {
      await markCodeUsed(trx, codeId);
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: sha256Hex(token),
          stage,
          expires_at: new Date(Date.now() + RESET_LIFETIME_MS),
        })
        .execute();
    });
    reply.setCookie(RESET_COOKIE, token, {
      path: '/api/',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: RESET_LIFETIME_MS / 1000,
    });
    return reply.ok(verifyCodeReply.parse({ next: stage === 'ready' ? 'new_password' : 'mfa' }));
  }
  if (!body.mfa_code) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email_code' });
  const token = request.cookies[RESET_COOKIE];
  const reset = token
    ? await ctx.db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirst()
    : undefined;
  if (!reset || reset.used_at || reset.stage !== 'second_factor' || !reset.user_id)
    throw new AppError('RESET_PASSWORD_ERROR');
  if (reset.expires_at.getTime() < Date.now()) throw new AppError('SECRET_EXPIRED_ERROR');
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'totp_secret_enc', 'totp_last_step'])
    .where('id', '=', reset.user_id)
    .executeTakeFirstOrThrow();
  const failureKey = `reset-mfa-fail:${reset.id}`;
  let step: number;
  try {
    step = checkTotp(ctx, user, body.mfa_code);
  } catch (error) {
    const failures = await ctx.rates.hit(failureKey, RESET_LIFETIME_MS);
    if (failures >= MAX_SECOND_FACTOR_FAILURES) {
      await ctx.db
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('id', '=', reset.id)
        .execute();
      reply.clearCookie(RESET_COOKIE, { path: '/api/' });
    }
    if (error instanceof AppError)
      throw new AppError(
        error.code,
        {},
        { remaining_attempts: Math.max(0, MAX_SECOND_FACTOR_FAILURES - failures) },
      );
    throw error;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await recordTotpStep(trx, user.id, step);
    await trx.updateTable('password_resets').set({ stage: 'ready' }).where('id', '=', reset.id).execute();
  });
  return reply.ok(verifyCodeReply.parse({ next: 'new_password' }));
}
