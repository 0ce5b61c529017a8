import { sql } from 'kysely';
import { SUCCESSION_AFTER_DAYS } from '@keystead/contract';
import type { Db } from '../../db/database';

const DAY = 86_400_000;

/** The wallet's plan with the testator's and the heir's nicknames. */
export async function planOf(db: Db, walletId: number) {
  return db
    .selectFrom('inheritance_plans as p')
    .innerJoin('users as t', 't.id', 'p.testator_user_id')
    .innerJoin('users as h', 'h.id', 'p.heir_user_id')
    .selectAll('p')
    .select(['t.nickname as testator_nickname', 'h.nickname as heir_nickname'])
    .where('p.wallet_id', '=', walletId)
    .executeTakeFirst();
}
export type Plan = NonNullable<Awaited<ReturnType<typeof planOf>>>;

/**
 * When the person last used a signed-in browser (the logins of §9's inactivity rules); null:
 * never. A paired phone polling its task list is not a login: it cannot hold off a succession.
 */
export async function lastSignIn(db: Db, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<Date | null>`max(last_seen_at)`.as('seen'))
    .where('user_id', '=', userId)
    .where('stage', '=', 'active')
    .where('kind', '=', 'browser')
    .executeTakeFirst();
  return row?.seen ? new Date(row.seen) : null;
}

/** Whole days without sign-in at `now` (null: never signed in). */
export const inactiveDays = (seen: Date | null, now: number) =>
  seen === null ? null : Math.floor((now - seen.getTime()) / DAY);

/** §4 "the family flow starts automatically after 90 days without login". */
export const successionOpen = (days: number | null) => days !== null && days >= SUCCESSION_AFTER_DAYS;

/** Plans whose testator's inactivity the watcher follows. */
export function plansToWatch(db: Db) {
  return db
    .selectFrom('inheritance_plans as p')
    .innerJoin('wallets as w', 'w.id', 'p.wallet_id')
    .select([
      'p.wallet_id',
      'p.testator_user_id',
      'p.heir_user_id',
      'p.reminded_at',
      'p.succession_opened_at',
    ])
    .select(['w.organization_id', 'w.name as wallet_name'])
    .where('p.status', '=', 'accepted')
    .execute();
}
