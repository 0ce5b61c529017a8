import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { auditListQuery } from '@keystead/contract';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { SEALED_HASH_VERSION, chainName } from './audit.service';

/** The audit module's SQL for reading the log (writeAudit in the service appends to it). */

/** Filtered totals are counted up to this many rows; the list then says "10 000+". */
const COUNT_CAP = 10_000;

export type AuditFilters = Omit<z.infer<typeof auditListQuery>, 'page' | 'page_size'>;

function filtered(db: Db, organizationId: number, filters: AuditFilters) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where('a.organization_id', '=', organizationId);
  if (filters.type) query = query.where('a.type', '=', filters.type);
  if (filters.operation) query = query.where('a.operation', '=', filters.operation);
  if (filters.user_id) query = query.where('a.user_id', '=', filters.user_id);
  if (filters.wallet_id)
    query = query.where(sql<boolean>`a.content->>'wallet_id' = ${String(filters.wallet_id)}`);
  if (filters.from) query = query.where('a.created_at', '>=', new Date(filters.from));
  if (filters.to) query = query.where('a.created_at', '<=', new Date(filters.to));
  return query;
}

function withColumns<
  T extends SelectQueryBuilder<
    Database & { a: Database['audit_log']; u: Database['users'] },
    'a' | 'u',
    object
  >,
>(query: T) {
  return query.select([
    // The wallet a row is about: named in its content, or the wallet of the transfer it names.
    sql<
      string | null
    >`(select w.name from wallets w where w.organization_id = a.organization_id and w.id = coalesce(
      case when a.content->>'wallet_id' ~ '^[0-9]{1,15}$' then (a.content->>'wallet_id')::bigint end,
      (select t.wallet_id from tasks t where t.organization_id = a.organization_id
        and a.content->>'task_id' ~ '^[0-9]{1,15}$' and t.id = (a.content->>'task_id')::bigint)))`.as(
      'wallet_name',
    ),
    'a.id',
    'a.type',
    'a.operation',
    'a.content',
    'a.ip',
    'a.location',
    'a.created_at',
    'a.user_id',
    'u.nickname',
    'u.email',
  ]);
}

/**
 * The whole log's size without counting 100 000 rows: the chain's signed head position, plus the
 * rows the sealer has not reached yet (few; their own index).
 */
async function chainLength(db: Db, organizationId: number): Promise<{ count: number; exact: boolean }> {
  const { rows } = await sql<{ n: string | number }>`
    select coalesce(
             (select head_seq from audit_checkpoints where chain = ${chainName({ organization_id: organizationId, user_id: null })}),
             (select seq from audit_log where organization_id = ${organizationId} and seq is not null
               order by seq desc limit 1),
             0)
         + (select count(*) from audit_log
             where organization_id = ${organizationId} and seq is null and hash_version = ${SEALED_HASH_VERSION})
           as n`.execute(db);
  return { count: Number(rows[0]?.n ?? 0), exact: true };
}

async function cappedCount(
  db: Db,
  organizationId: number,
  filters: AuditFilters,
): Promise<{ count: number; exact: boolean }> {
  const inner = filtered(db, organizationId, filters)
    .select('a.id')
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(inner.as('capped'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return count > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count, exact: true };
}

/** One page of the space's log under the filters, newest first, with its (capped) total. */
export async function auditPage(
  db: Db,
  organizationId: number,
  page: { page: number; page_size: number },
  filters: AuditFilters,
) {
  const base = filtered(db, organizationId, filters);
  const unfiltered = Object.values(filters).every((value) => value === undefined);
  const [rows, total] = await Promise.all([
    withColumns(base)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
    unfiltered ? chainLength(db, organizationId) : cappedCount(db, organizationId, filters),
  ]);
  return { rows, total };
}

/** The space's log under the filters, newest first, at most `limit` rows. */
export function auditRows(db: Db, organizationId: number, filters: AuditFilters, limit: number) {
  return withColumns(filtered(db, organizationId, filters))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
