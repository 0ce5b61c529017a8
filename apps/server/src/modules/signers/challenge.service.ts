import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/crypto';

export const CHALLENGE_LIFETIME_MS = 10 * 60_000;

/**
 * A one-time text to sign. It names the purpose, the address and the account, so a signature
 * made for one purpose can never be replayed for another.
 */
export async function issueChallenge(
  db: Kysely<Database>,
  input: {
    userId: number;
    email: string;
    purpose: 'signer_address' | 'wallet_import';
    subjectId: number;
    address: string;
  },
): Promise<{ challengeId: number; message: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + CHALLENGE_LIFETIME_MS);
  const message = [
    `Keystead ${input.purpose === 'signer_address' ? 'signer address' : 'wallet ownership'} verification`,
    `Address: ${input.address}`,
    `Account: ${input.email}`,
    `Nonce: ${randomToken(16)}`,
    `Expires: ${expiresAt.toISOString()}`,
  ].join('\n');
  const row = await db
    .insertInto('signature_challenges')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      subject_id: input.subjectId,
      address: input.address,
      message,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { challengeId: row.id, message, expiresAt };
}

/** Loads a challenge for checking: it must be this user's, for this subject, unused and unexpired. */
export async function openChallenge(
  db: Kysely<Database>,
  input: { challengeId: number; userId: number; purpose: string; subjectId: number },
) {
  const row = await db
    .selectFrom('signature_challenges')
    .selectAll()
    .where('id', '=', input.challengeId)
    .executeTakeFirst();
  if (
    !row ||
    row.user_id !== input.userId ||
    row.purpose !== input.purpose ||
    row.subject_id !== input.subjectId
  ) {
    throw new AppError('SIGNATURE_VERIFY_ERROR');
  }
  if (row.used_at) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
  if (row.expires_at.getTime() < Date.now()) throw new AppError('SECRET_EXPIRED_ERROR');
  return row;
}

/** Marks it used inside the command's transaction; the loser of two concurrent uses fails. */
export async function consumeChallenge(trx: Kysely<Database>, challengeId: number): Promise<void> {
  const result = await trx
    .updateTable('signature_challenges')
    .set({ used_at: new Date() })
    .where('id', '=', challengeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
}
