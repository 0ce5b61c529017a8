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
  /**
   * Wrong passwords for one account from one address before that address (only) waits 15
   * minutes. Failures from every address together never lock the account: they make it ask for a
   * captcha and slow the wrong answers down, so an attacker cannot lock the owner out.
   */
  failuresPerAccountAndIpPer15Min: 10,
  /** Added to a wrong-password reply per failure on an account under attack, up to the cap. */
  slowdownMsPerFailure: 250,
  slowdownCapMs: 3_000,
};

/** How a wrong-password reply is delayed; tests replace it to record the delay instead of waiting. */
export const loginTiming = {
  delay: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

const failKeys = (ip: string, email: string) => ({
  ip: `login-fail:ip:${ip}`,
  account: `login-fail:email:${email}`,
  accountAndIp: `login-fail:email-ip:${email}|${ip}`,
});

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
 * Step one of login. Rate-limited per IP and per (account, IP); asks for a captcha after repeated
 * failures from the IP or for the account, and slows wrong answers on an account under attack,
 * but never locks the account for everyone; answers the same code for an unknown e-mail and a
 * wrong password.
 */
export async function loginWithPassword(
  ctx: AppContext,
  caller: SignInCaller,
  email: string,
  password: string,
): Promise<PasswordLoginResult> {
  const window = CAPTCHA_LIMITS.loginFailureWindowMs;
  const keys = failKeys(caller.ip, email);
  if ((await ctx.rates.hit(`login:ip:${caller.ip}`, window)) > LOGIN_LIMITS.attemptsPerIpPer15Min) {
    throw new AppError('TOO_MANY_REQUESTS_ERROR');
  }
  // Only the address that keeps guessing this account waits; the owner elsewhere does not.
  if ((await ctx.rates.peek(keys.accountAndIp)) >= LOGIN_LIMITS.failuresPerAccountAndIpPer15Min) {
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
    await ctx.rates.hit(keys.ip, window);
    await ctx.rates.hit(keys.accountAndIp, window);
    const accountFailures = await ctx.rates.hit(keys.account, window);
    // An account under attack answers wrong passwords more and more slowly.
    const over = accountFailures - CAPTCHA_LIMITS.loginFailuresBeforeCaptcha;
    if (over > 0)
      await loginTiming.delay(Math.min(LOGIN_LIMITS.slowdownCapMs, over * LOGIN_LIMITS.slowdownMsPerFailure));
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
  // The account's count stays (it expires): the attacker gets no fresh captcha-free tries.
  await ctx.rates.reset(keys.accountAndIp);
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
