import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Language } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hmacHex, safeEqual } from '../../lib/crypto';
import { queueMail } from '../mail/mail.service';
import { codeMail } from './code-mail';

export const EMAIL_CODE_LIMITS = {
  lifetimeMs: 10 * 60_000,
  resendAfterMs: 60_000,
  maxAttempts: 5,
  perIpPerHour: 30,
  /** edit_new_email: distinct sends one signed-in user may ask for in an hour. */
  newEmailPerUserPerHour: 10,
};

function codeHash(ctx: AppContext, purpose: string, email: string, code: string): string {
  return hmacHex(ctx.config.appSecret, `email-code:${purpose}:${email.toLowerCase()}:${code}`);
}

export interface SendCodeInput {
  purpose: string;
  email: string;
  userId: number | null;
  language: Language;
  ip: string;
  antiPhishingCode?: string | null;
  /** The caller already counted this request against the address and IP limits (countBlindSend). */
  limitsCounted?: boolean;
}

/**
 * The limits of a send whose reply must not reveal whether the address has an account: counted
 * before anyone looks the address up, so a second request within 60 s, or the IP's hourly
 * budget, answers alike for registered and unknown addresses.
 */
export async function countBlindSend(
  ctx: AppContext,
  input: { purpose: string; email: string; ip: string },
): Promise<void> {
  if ((await ctx.rates.hit(`code-send:ip:${input.ip}`, 3_600_000)) > EMAIL_CODE_LIMITS.perIpPerHour)
    throw new AppError('EMAIL_CODE_TOO_FREQUENT_ERROR');
  const address = `code-send:address:${input.purpose}:${input.email.toLowerCase()}`;
  if ((await ctx.rates.hit(address, EMAIL_CODE_LIMITS.resendAfterMs)) > 1)
    throw new AppError('EMAIL_CODE_TOO_FREQUENT_ERROR');
}

/**
 * Issues a fresh 6-digit code (older codes of the same purpose stop working) and queues the
 * mail in the same transaction. At most one send per address and purpose per 60 s.
 */
export async function sendEmailCode(ctx: AppContext, input: SendCodeInput): Promise<void> {
  const email = input.email.toLowerCase();
  if (
    !input.limitsCounted &&
    (await ctx.rates.hit(`code-send:ip:${input.ip}`, 3_600_000)) > EMAIL_CODE_LIMITS.perIpPerHour
  ) {
    throw new AppError('EMAIL_CODE_TOO_FREQUENT_ERROR');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('email_codes')
      .select('created_at')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('purpose', '=', input.purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && Date.now() - last.created_at.getTime() < EMAIL_CODE_LIMITS.resendAfterMs) {
      throw new AppError('EMAIL_CODE_TOO_FREQUENT_ERROR');
    }
    await trx
      .updateTable('email_codes')
      .set({ used_at: new Date() })
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('purpose', '=', input.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_codes')
      .values({
        purpose: input.purpose,
        email,
        user_id: input.userId,
        code_hash: codeHash(ctx, input.purpose, email, code),
        expires_at: new Date(Date.now() + EMAIL_CODE_LIMITS.lifetimeMs),
      })
      .execute();
    const mail = codeMail(input.purpose, code, input.language);
    await queueMail(
      trx,
      {
        to: email,
        ...mail,
        category: `code:${input.purpose}`,
        antiPhishingCode: input.antiPhishingCode ?? null,
        language: input.language,
      },
      Boolean(ctx.config.SMTP_URL),
    );
  });
}

/**
 * Checks a code before the command's transaction opens. A wrong code counts an attempt
 * (committed on its own, so failures are not rolled back); after 5 the code is dead.
 * Returns the code's id: the command marks it used inside its own transaction with
 * `markCodeUsed`, so a failed command does not burn it and two commands cannot share it.
 */
export async function checkEmailCode(
  ctx: AppContext,
  purpose: string,
  email: string,
  code: string,
): Promise<number> {
  const row = await ctx.db
    .selectFrom('email_codes')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.attempts >= EMAIL_CODE_LIMITS.maxAttempts) throw new AppError('AUTHENTICATION_CODE_ERROR');
  if (!safeEqual(row.code_hash, codeHash(ctx, purpose, email, code))) {
    await ctx.db
      .updateTable('email_codes')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    throw new AppError('AUTHENTICATION_CODE_ERROR');
  }
  return row.id;
}

export async function markCodeUsed(trx: Kysely<Database>, codeId: number): Promise<void> {
  const result = await trx
    .updateTable('email_codes')
    .set({ used_at: new Date() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('AUTHENTICATION_CODE_ERROR');
}

/**
 * Runs a command whose e-mail code of `purpose` is checked first and used up in the command's own
 * transaction (a failed command keeps the code; two commands cannot share it).
 */
export async function withEmailCode<T>(
  ctx: AppContext,
  email: string,
  purpose: string,
  code: string,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const codeId = await checkEmailCode(ctx, purpose, email, code);
  return ctx.db.transaction().execute(async (trx) => {
    await markCodeUsed(trx, codeId);
    return work(trx);
  });
}
