import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CAPTCHA_COOKIE, RESET_COOKIE, type sendEmailCodeBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { SessionCommandContext } from '../../lib/command-context';
import { requireSecondFactorStage, requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { assertUsableInvitation, findInvitation } from '../spaces/invitation.service';
import { findUserByEmail } from '../users/user-repository';
import { consumeCaptcha } from './captcha.service';
import { EMAIL_CODE_LIMITS, countBlindSend, sendEmailCode } from './email-code.service';
import { revokeSessions } from './session.service';

/**
 * Who calls a sign-in step, as plain values: the client's address and browser, the cookie's session at
 * whatever stage (or none), and the captcha pass and password-reset token the browser holds.
 */
export interface SignInCaller {
  ip: string;
  userAgent: string | undefined;
  auth: FastifyRequest['auth'];
  captchaId: string | undefined;
  resetToken: string | undefined;
}

export function signInCaller(request: FastifyRequest): SignInCaller {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    auth: request.auth,
    captchaId: request.cookies[CAPTCHA_COOKIE],
    resetToken: request.cookies[RESET_COOKIE],
  };
}

/** Purposes that are sent before anyone is signed in; every other purpose needs a session. */
const ANONYMOUS_PURPOSES = new Set(['register', 'forget_password', 'login', 'invite_register']);

/**
 * Sends a 6-digit code by e-mail for one purpose. Login codes go to the pending login's account;
 * registration, password reset and invitation sign-up need a captcha pass; the rest a session.
 * Returns `blind` when the reply must read the same whether an account uses the address
 * (forget_password, edit_new_email): "if the address can receive it, a code was sent".
 */
export async function requestEmailCode(
  ctx: AppContext,
  caller: SignInCaller,
  input: z.infer<typeof sendEmailCodeBody>,
): Promise<{ blind: boolean }> {
  const { category, language_code } = input;
  const base = { purpose: category, language: language_code, ip: caller.ip };
  if (category === 'login') {
    const { user } = requireSecondFactorStage(caller);
    await sendEmailCode(ctx, {
      ...base,
      email: user.email,
      userId: user.id,
      antiPhishingCode: user.anti_phishing_code,
    });
    return { blind: false };
  }
  if (category === 'register' || category === 'forget_password') {
    const email = input.email;
    if (!email) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email' });
    await consumeCaptcha(ctx, caller.captchaId, category);
    if (category === 'forget_password')
      await countBlindSend(ctx, { purpose: category, email, ip: caller.ip });
    const user = await findUserByEmail(ctx.db, email);
    if (category === 'register') {
      if (user) throw new AppError('EMAIL_EXISTS_ERROR');
      await sendEmailCode(ctx, { ...base, email, userId: null });
      return { blind: false };
    }
    // Unknown addresses get the same reply, limits and no mail: this flow must not reveal accounts.
    if (user)
      await sendEmailCode(ctx, {
        ...base,
        email,
        userId: user.id,
        antiPhishingCode: user.anti_phishing_code,
        limitsCounted: true,
      });
    return { blind: true };
  }
  if (category === 'invite_register') {
    // The invitation names the address; the captcha guards the send like registration's.
    const token = input.org_invite_token;
    if (!token) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'org_invite_token' });
    const invitation = await findInvitation(ctx.db, token);
    assertUsableInvitation(invitation);
    await consumeCaptcha(ctx, caller.captchaId, 'invite_register');
    if (await findUserByEmail(ctx.db, invitation.email.toLowerCase()))
      throw new AppError('EMAIL_EXISTS_ERROR');
    await sendEmailCode(ctx, { ...base, email: invitation.email.toLowerCase(), userId: null });
    return { blind: false };
  }
  if (ANONYMOUS_PURPOSES.has(category)) throw new AppError('PARAMS_INVALID_ERROR', { field: 'category' });
  const { user } = requireUser(caller);
  if (category === 'edit_new_email') {
    const email = input.email;
    if (!email) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email' });
    // One user cannot probe many addresses: a budget per hour, then the address and IP limits,
    // all counted before the address is looked up; a registered address gets no mail.
    const perUser = await ctx.rates.hit(`code-send:new-email:user:${user.id}`, 3_600_000);
    if (perUser > EMAIL_CODE_LIMITS.newEmailPerUserPerHour)
      throw new AppError('EMAIL_CODE_TOO_FREQUENT_ERROR');
    await countBlindSend(ctx, { purpose: category, email, ip: caller.ip });
    if (!(await findUserByEmail(ctx.db, email)))
      await sendEmailCode(ctx, {
        ...base,
        email,
        userId: user.id,
        antiPhishingCode: user.anti_phishing_code,
        limitsCounted: true,
      });
    return { blind: true };
  }
  await sendEmailCode(ctx, {
    ...base,
    email: user.email,
    userId: user.id,
    antiPhishingCode: user.anti_phishing_code,
  });
  return { blind: false };
}

/** Ends the caller's session, at whatever stage it is. */
export async function logout(ctx: AppContext, actor: SessionCommandContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSessions(trx, actor.user.id, 'logout', { onlySessionId: actor.sessionId });
    await writeAudit(trx, {
      organizationId: null,
      userId: actor.user.id,
      type: 'account',
      operation: 'logout',
      ip: actor.ip,
    });
  });
}
