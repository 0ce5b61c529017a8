import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, Organization, OrganizationsTable } from '../../db/schema';
import { LockNamespace } from '../../jobs/lock-ids';

/** The spaces module's SQL for spaces themselves: listing, counts, creation and edits. */

export async function memberCount(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', 'in', ['joined', 'blocked'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Wallets of the space that are not archived (the §2 guard sends a space without any to /organization). */
export async function walletCount(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 10)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user holds the operator role on a live wallet of the space. */
export async function operatesWallet(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('wallet_members as r')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .select('r.wallet_id')
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '<>', 10)
    .where('r.user_id', '=', userId)
    .where('r.role', '=', 'operator')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The spaces a user has joined, with member and wallet counts and whether the user operates a wallet. */
export function joinedSpaces(db: Db, userId: number) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .selectAll('o')
    .select(['m.role', 'm.status'])
    .select((eb) =>
      eb
        .selectFrom('organization_members as c')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('c.organization_id', '=', 'o.id')
        .where('c.status', 'in', ['joined', 'blocked'])
        .as('member_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('wallets as w')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('w.organization_id', '=', 'o.id')
        .where('w.status', '<>', 10)
        .as('wallet_count'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('wallet_members as r')
            .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
            .select('r.wallet_id')
            .whereRef('w.organization_id', '=', 'o.id')
            .where('w.status', '<>', 10)
            .where('r.user_id', '=', userId)
            .where('r.role', '=', 'operator'),
        )
        .as('is_operator'),
    )
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'joined')
    .orderBy('o.id')
    .execute();
}

/** A space with the user's membership row in it, whatever its status. */
export function findMembership(db: Db, organizationId: number, userId: number) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .selectAll('o')
    .select(['m.role', 'm.status'])
    .where('m.organization_id', '=', organizationId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** One space creation per user at a time: the count of owned spaces is read and raised together. */
export async function lockSpaceCreator(trx: Kysely<Database>, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceCreator}, ${userId}::int)`.execute(trx);
}

export async function countOwnedSpaces(trx: Kysely<Database>, userId: number): Promise<number> {
  const owned = await trx
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creator_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(owned.n);
}

export function insertSpace(
  trx: Kysely<Database>,
  values: Insertable<OrganizationsTable>,
): Promise<Organization> {
  return trx.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSpace(
  trx: Kysely<Database>,
  organizationId: number,
  changes: Updateable<OrganizationsTable>,
): Promise<Organization> {
  return trx
    .updateTable('organizations')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', organizationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
