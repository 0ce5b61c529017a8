import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';

/** The auth module's SQL for the sign-in steps: password resets and second-factor failures. */

/** The reset a reset cookie's token names (only the token's hash is stored). */
export function findPasswordReset(
  db: Kysely<Database>,
  token: string,
): Promise<Selectable<PasswordResetsTable> | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}

export async function insertPasswordReset(
  trx: Kysely<Database>,
  values: { userId: number; token: string; stage: 'second_factor' | 'ready'; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('password_resets')
    .values({
      user_id: values.userId,
      token_hash: sha256Hex(values.token),
      stage: values.stage,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Uses the reset up; false when it was already used. */
export async function usePasswordReset(trx: Kysely<Database>, resetId: number): Promise<boolean> {
  const used = await trx
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Throws a reset away (too many wrong codes). */
export async function voidPasswordReset(db: Kysely<Database>, resetId: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: new Date() }).where('id', '=', resetId).execute();
}

/** The reset passed its second factor: a new password may be set. */
export async function markPasswordResetReady(trx: Kysely<Database>, resetId: number): Promise<void> {
  await trx.updateTable('password_resets').set({ stage: 'ready' }).where('id', '=', resetId).execute();
}

/** The account a reset is for, by e-mail (compared case-insensitively), with its authenticator. */
export function resetAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'totp_secret_enc'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
}

/** The account a reset is for, with what checking its authenticator needs. */
export function resetAccount(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'totp_secret_enc', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Counts one more wrong second-factor code on a pending login; returns the count so far. */
export async function countSecondFactorFailure(db: Kysely<Database>, sessionId: number): Promise<number> {
  const row = await db
    .updateTable('sessions')
    .set((eb) => ({ second_factor_failures: eb('second_factor_failures', '+', 1) }))
    .where('id', '=', sessionId)
    .returning('second_factor_failures')
    .executeTakeFirstOrThrow();
  return row.second_factor_failures;
}

/** Throws a pending login away after too many wrong codes. */
export async function revokeForSecondFactorFailures(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: 'second_factor_failures' })
    .where('id', '=', sessionId)
    .execute();
}
