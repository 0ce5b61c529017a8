import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decryptSecret } from '../../lib/crypto';
import { matchTotpStep } from './totp';

/** Checks an authenticator code against the user's bound secret; returns the matched step. */
export function checkTotp(
  ctx: AppContext,
  user: Pick<User, 'totp_secret_enc' | 'totp_last_step'>,
  code: string,
): number {
  if (!user.totp_secret_enc) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
  const step = matchTotpStep(decryptSecret(ctx.config.appSecret, user.totp_secret_enc), code);
  // A step at or before the last accepted one is a replay of a code already used.
  if (step === null || step <= user.totp_last_step) throw new AppError('AUTHENTICATION_CODE_ERROR');
  return step;
}

/** Records the step inside the command's transaction; a concurrent use of the same code loses. */
export async function recordTotpStep(trx: Kysely<Database>, userId: number, step: number): Promise<void> {
  const result = await trx
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('AUTHENTICATION_CODE_ERROR');
}
