import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { WalletStatus } from '../wallets/wallet-status';
import { groupBy } from '../../lib/group-by';

/** The exchanges module's SQL: exchange account rows, passed checks, viewers. */

const accountColumns = [
  'e.wallet_id',
  'e.organization_id',
  'e.exchange_id',
  'e.api_key_type',
  'e.status',
  'e.account_mode',
  'e.ip_whitelist',
  'e.key_fingerprint',
  'e.api_key_hint',
  'e.master_key_id',
  'e.sealed_data_key',
  'e.sealed_credentials',
  'e.balances',
  'e.balances_at',
  'e.created_by',
  'e.created_at',
  'w.name',
  'w.remark',
] as const;

/** One exchange account of a space (its wallet row joined), or undefined. */
export function findExchangeAccount(db: Db, organizationId: number, walletId: number) {
  return db
    .selectFrom('exchange_accounts as e')
    .innerJoin('wallets as w', 'w.id', 'e.wallet_id')
    .select(accountColumns)
    .where('e.wallet_id', '=', walletId)
    .where('e.organization_id', '=', organizationId)
    .executeTakeFirst();
}

export type ExchangeAccount = NonNullable<Awaited<ReturnType<typeof findExchangeAccount>>>;

/** A page of the space's exchange accounts; `visibleTo` limits them to those the user holds a role on. */
export async function listExchangeAccounts(
  db: Db,
  filter: { organizationId: number; visibleTo: number | null },
  page: number,
  pageSize: number,
) {
  let query = db
    .selectFrom('exchange_accounts as e')
    .innerJoin('wallets as w', 'w.id', 'e.wallet_id')
    .where('e.organization_id', '=', filter.organizationId)
    .where('w.status', '<>', WalletStatus.Archived);
  if (filter.visibleTo !== null) {
    const userId = filter.visibleTo;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wallet_members as m')
          .select('m.wallet_id')
          .whereRef('m.wallet_id', '=', 'e.wallet_id')
          .where('m.user_id', '=', userId),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select(accountColumns)
      .orderBy('e.wallet_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function viewersOf(db: Db, walletIds: number[]): Promise<Map<number, number[]>> {
  if (walletIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('wallet_members')
    .select(['wallet_id', 'user_id'])
    .where('wallet_id', 'in', walletIds)
    .where('role', '=', 'viewer')
    .orderBy('user_id')
    .execute();
  return groupBy(
    rows,
    (row) => row.wallet_id,
    (row) => row.user_id,
  );
}

export async function countSpaceExchangeAccounts(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('exchange_accounts')
    .select(sql<string>`count(*)`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function keyInUse(db: Db, fingerprint: string): Promise<boolean> {
  const row = await db
    .selectFrom('exchange_accounts')
    .select('wallet_id')
    .where('key_fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertExchangeAccount(db: Db, values: Insertable<Database['exchange_accounts']>) {
  await db.insertInto('exchange_accounts').values(values).execute();
}

export async function updateExchangeAccount(
  db: Db,
  walletId: number,
  values: Updateable<Database['exchange_accounts']>,
) {
  await db.updateTable('exchange_accounts').set(values).where('wallet_id', '=', walletId).execute();
}

export async function insertCheck(db: Db, values: Insertable<Database['exchange_checks']>) {
  await db.deleteFrom('exchange_checks').where('expires_at', '<', new Date()).execute();
  await db.insertInto('exchange_checks').values(values).execute();
}

/** Marks a passed, unexpired, unused check of this user and input as used; undefined when none. */
export function useCheck(
  db: Db,
  where: { organizationId: number; userId: number; tokenHash: string; inputHash: string },
) {
  return db
    .updateTable('exchange_checks')
    .set({ used_at: new Date() })
    .where('organization_id', '=', where.organizationId)
    .where('user_id', '=', where.userId)
    .where('token_hash', '=', where.tokenHash)
    .where('input_hash', '=', where.inputHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['api_key_type', 'account_mode'])
    .executeTakeFirst();
}

/** Joined members of the space among `userIds`. */
export async function joinedMembers(db: Db, organizationId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', userIds)
    .where('status', '=', 'joined')
    .execute();
  return new Set(rows.map((row) => Number(row.user_id)));
}
