import type { z } from 'zod';
import type { registerBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import type { SignInCaller } from './auth-commands';
import { CAPTCHA_LIMITS, consumeCaptcha, loginNeedsCaptcha } from './captcha.service';
import { checkEmailCode, markCodeUsed } from './email-code.service';
import { hashPassword, verifyPassword } from './password';
import { createSession, hasOtherActiveSession } from './session.service';

export const LOGIN_LIMITS = {
  attemptsPerIpPer15Min: 30,
  failuresPerAccountPer15Min: 10,
};

export async function registerUser(
  ctx: AppContext,
  caller: SignInCaller,
  body: z.infer<typeof registerBody>,
): Promise<{ token: string; userId: number }> {
  const codeId = await checkEmailCode(ctx, 'register', body.email, body.email_code);
  if (ctx.config.REQUIRE_INVITE && !body.invite_token) throw new AppError('INVITATION_CODE_ERROR');
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email))
      .executeTakeFirst();
    if (exists) throw new AppError('EMAIL_EXISTS_ERROR');
    await markCodeUsed(trx, codeId);
    const user = await trx
      .insertInto('users')
      .values({
        email: body.email,
        password_hash: passwordHash,
        nickname: body.email.split('@')[0]!.slice(0, 30),
        language_code: body.language_code,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (ctx.config.REQUIRE_INVITE && body.invite_token) {
      const invite = await trx
        .selectFrom('invite_codes')
        .selectAll()
        .where('code', '=', body.invite_token)
        .forUpdate()
        .executeTakeFirst();
      if (!invite) throw new AppError('INVITATION_CODE_ERROR');
      if (invite.used_at) throw new AppError('INVITATION_CODE_USED_ERROR');
      await trx
        .updateTable('invite_codes')
        .set({ used_at: new Date(), used_by: user.id })
        .where('code', '=', invite.code)
        .execute();
    }
    // The e-mail code just proved the address, so registration signs the user in directly.
    const { token } = await createSession(trx, {
      userId: user.id,
      stage: 'active',
      secondFactor: null,
      otherDeviceLogin: false,
      client: caller,
    });
    await writeAudit(trx, {
      organizationId: null,
      userId: user.id,
      type: 'account',
      operation: 'register',
      ip: caller.ip,
    });
    return { token, userId: user.id };
  });
}

export interface PasswordLoginResult {
  token: string;
  secondFactor: 'totp' | 'email';
  otherDeviceLogin: boolean;
}

/**
 * Step one of login. Rate-limited per IP and per account; asks for a captcha after repeated
 * failures; answers the same code for an unknown e-mail and a wrong password.
 */
export async function loginWithPassword(
  ctx: AppContext,
  caller: SignInCaller,
  email: string,
  password: string,
): Promise<PasswordLoginResult> {
  const window = CAPTCHA_LIMITS.loginFailureWindowMs;
  if ((await ctx.rates.hit(`login:ip:${caller.ip}`, window)) > LOGIN_LIMITS.attemptsPerIpPer15Min) {
    throw new AppError('TOO_MANY_REQUESTS_ERROR');
  }
  if ((await ctx.rates.peek(`login-fail:email:${email}`)) >= LOGIN_LIMITS.failuresPerAccountPer15Min) {
    throw new AppError('TOO_MANY_REQUESTS_ERROR');
  }
  if (await loginNeedsCaptcha(ctx, caller.ip, email)) await consumeCaptcha(ctx, caller.captchaId, 'login');

  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  const passwordOk = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !passwordOk) {
    await ctx.rates.hit(`login-fail:ip:${caller.ip}`, window);
    await ctx.rates.hit(`login-fail:email:${email}`, window);
    if (user) {
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, {
          organizationId: null,
          userId: user.id,
          type: 'account',
          operation: 'login_failed',
          ip: caller.ip,
        }),
      );
    }
    throw new AppError(
      'UCS_USER_PASSWORD_MISTAKE',
      {},
      { captcha_required: await loginNeedsCaptcha(ctx, caller.ip, email) },
    );
  }
  await ctx.rates.reset(`login-fail:email:${email}`);
  const secondFactor = user.totp_secret_enc ? 'totp' : 'email';
  const otherDeviceLogin = await hasOtherActiveSession(ctx.db, user.id);
  const { token } = await ctx.db.transaction().execute(async (trx) => {
    const created = await createSession(trx, {
      userId: user.id,
      stage: 'second_factor',
      secondFactor,
      otherDeviceLogin,
      client: caller,
    });
    await writeAudit(trx, {
      organizationId: null,
      userId: user.id,
      type: 'account',
      operation: 'login_password_ok',
      ip: caller.ip,
    });
    return created;
  });
  return { token, secondFactor, otherDeviceLogin };
}
