import type { Kysely } from 'kysely';
import type { Database, NewUser, User, UserUpdate } from '../../db/schema';

/** The users module's SQL: accounts by e-mail, new accounts, edits and sign-in history. */

/** The account registered under an e-mail, compared case-insensitively (pass it lower-case). */
export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'anti_phishing_code'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
}

export async function insertUser(trx: Kysely<Database>, values: NewUser): Promise<number> {
  const row = await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(trx: Kysely<Database>, userId: number, changes: UserUpdate): Promise<void> {
  await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
}

export function updateUserReturning(
  trx: Kysely<Database>,
  userId: number,
  changes: UserUpdate,
): Promise<User> {
  return trx
    .updateTable('users')
    .set(changes)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's last active sign-ins, newest first. */
export function recentSignIns(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('stage', '=', 'active')
    .orderBy('activated_at', 'desc')
    .limit(limit)
    .execute();
}
