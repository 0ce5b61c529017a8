import svgCaptcha from 'svg-captcha';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTCHA_COOKIE } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hmacHex, randomToken, safeEqual } from '../../lib/crypto';

export const CAPTCHA_LIMITS = {
  lifetimeMs: 5 * 60_000,
  /** After a verification, the pass must be used within this time. */
  passLifetimeMs: 5 * 60_000,
  perIpPerMinute: 10,
  /** Failed logins (per IP or per e-mail) in the window after which login asks for a captcha. */
  loginFailuresBeforeCaptcha: 3,
  loginFailureWindowMs: 15 * 60_000,
};

function answerHash(ctx: AppContext, id: string, answer: string): string {
  return hmacHex(ctx.config.appSecret, `captcha:${id}:${answer.trim().toLowerCase()}`);
}

/** Draws a new captcha; the answer stays server-side, the browser gets the image and a cookie id. */
export async function issueCaptcha(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  category: string,
  email: string | undefined,
): Promise<string> {
  const recent = await ctx.rates.hit(`captcha:ip:${request.ip}`, 60_000);
  if (recent > CAPTCHA_LIMITS.perIpPerMinute) throw new AppError('CAPTCHA_TOO_FREQUENT_ERROR');
  const image = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f4f6fb',
  });
  const id = randomToken(18);
  await ctx.db
    .insertInto('captchas')
    .values({
      id,
      category,
      email: email ?? null,
      answer_hash: answerHash(ctx, id, image.text),
      dev_answer: ctx.config.isProduction ? null : image.text,
      ip: request.ip,
      expires_at: new Date(Date.now() + CAPTCHA_LIMITS.lifetimeMs),
    })
    .execute();
  reply.setCookie(CAPTCHA_COOKIE, id, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    maxAge: 600,
  });
  return `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`;
}

/**
 * Checks the typed answer. One attempt per image: a wrong answer burns it (the client fetches
 * a fresh one), and an image already answered cannot be answered again (CAPTCHA_REUSE_ERROR).
 */
export async function verifyCaptcha(
  ctx: AppContext,
  request: FastifyRequest,
  category: string,
  answer: string,
): Promise<void> {
  const id = request.cookies[CAPTCHA_COOKIE];
  if (!id) throw new AppError('CAPTCHA_REQUIRED_ERROR');
  const row = await ctx.db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.category !== category) throw new AppError('CAPTCHA_REQUIRED_ERROR');
  if (row.verified_at || row.failed_at || row.consumed_at) throw new AppError('CAPTCHA_REUSE_ERROR');
  if (row.expires_at.getTime() < Date.now()) throw new AppError('CAPTCHA_EXPIRED_ERROR');
  const correct = safeEqual(row.answer_hash, answerHash(ctx, id, answer));
  // Guarded update: of two concurrent answers only one can flip the row.
  const result = await ctx.db
    .updateTable('captchas')
    .set(
      correct
        ? { verified_at: new Date(), expires_at: new Date(Date.now() + CAPTCHA_LIMITS.passLifetimeMs) }
        : { failed_at: new Date() },
    )
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('CAPTCHA_REUSE_ERROR');
  if (!correct) throw new AppError('CAPTCHA_CODE_ERROR');
}

/**
 * Uses up a verified captcha for one protected action; without one the action is refused.
 * `id` is the captcha the browser holds (its cookie), so commands need no request.
 */
export async function consumeCaptcha(
  ctx: AppContext,
  id: string | undefined,
  category: string,
): Promise<void> {
  if (!id) throw new AppError('CAPTCHA_REQUIRED_ERROR');
  const result = await ctx.db
    .updateTable('captchas')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('category', '=', category)
    .where('verified_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const row = await ctx.db
    .selectFrom('captchas')
    .select(['consumed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  throw new AppError(row?.consumed_at ? 'CAPTCHA_REUSE_ERROR' : 'CAPTCHA_REQUIRED_ERROR');
}

/** Login asks for a captcha after repeated failures from the same IP or for the same e-mail. */
export async function loginNeedsCaptcha(
  ctx: AppContext,
  ip: string,
  email: string | undefined,
): Promise<boolean> {
  const [byIp, byEmail] = await Promise.all([
    ctx.rates.peek(`login-fail:ip:${ip}`),
    email ? ctx.rates.peek(`login-fail:email:${email}`) : Promise.resolve(0),
  ]);
  return (
    byIp >= CAPTCHA_LIMITS.loginFailuresBeforeCaptcha || byEmail >= CAPTCHA_LIMITS.loginFailuresBeforeCaptcha
  );
}
