import { sql, type Kysely, type Transaction } from 'kysely';
import { LabelSource, LabelStatus, type Label } from '@keystead/contract';
import type { Database } from '../../db/schema';
import { SYSTEM_LABELS } from './system-labels';

type Db = Kysely<Database> | Transaction<Database>;

/** Labels with their category's name, as every reply shows them. */
export function labelRows(db: Db, organizationId: number) {
  return db
    .selectFrom('labels as l')
    .innerJoin('label_categories as c', 'c.id', 'l.category_id')
    .where('l.organization_id', '=', organizationId)
    .select([
      'l.id',
      'l.code',
      'l.name',
      'l.source',
      'l.status',
      'l.category_id',
      'l.updated_by',
      'l.updated_at',
      'c.name as category_name',
      'c.code as category_code',
      'c.status as category_status',
    ]);
}

type LabelRow = Awaited<ReturnType<ReturnType<typeof labelRows>['execute']>>[number];

export function presentLabel(row: LabelRow): Label {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    source: row.source,
    status: row.status,
    category_id: row.category_id,
    category_name: row.category_name,
    category_code: row.category_code,
  };
}

/** The labels of these ids (deleted ones too: transfers keep naming what they carried). */
export async function labelsById(db: Db, organizationId: number, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, Label>();
  const rows = await labelRows(db, organizationId).where('l.id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, presentLabel(row)]));
}

/** A label a transfer may be given now: the space's, enabled, in an enabled category. */
export function usableLabel(db: Db, organizationId: number, labelId: number) {
  return labelRows(db, organizationId)
    .where('l.id', '=', labelId)
    .where('l.status', '=', LabelStatus.Enabled)
    .where('c.status', '=', LabelStatus.Enabled)
    .executeTakeFirst();
}

/** Serializes the space's label writes (duplicate-name checks, the first seeding). */
export async function lockSpaceLabels(trx: Transaction<Database>, organizationId: number) {
  await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

/** Writes the system categories and labels the first time a space's labels are used. */
export async function ensureSystemLabels(db: Kysely<Database>, organizationId: number) {
  const any = await db
    .selectFrom('label_categories')
    .select('id')
    .where('organization_id', '=', organizationId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  await db.transaction().execute(async (trx) => {
    await lockSpaceLabels(trx, organizationId);
    const again = await trx
      .selectFrom('label_categories')
      .select('id')
      .where('organization_id', '=', organizationId)
      .limit(1)
      .executeTakeFirst();
    if (again) return;
    for (const category of SYSTEM_LABELS) {
      const { id } = await trx
        .insertInto('label_categories')
        .values({
          organization_id: organizationId,
          code: category.code,
          name: category.name,
          source: LabelSource.System,
          updated_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('labels')
        .values(
          category.labels.map((label) => ({
            organization_id: organizationId,
            category_id: id,
            code: label.code,
            name: label.name,
            source: LabelSource.System,
            updated_by: null,
          })),
        )
        .execute();
    }
  });
}

/** Another entry of the space, not deleted, has this name (any case). */
export async function nameTaken(
  trx: Transaction<Database>,
  table: 'labels' | 'label_categories',
  organizationId: number,
  name: string,
  exceptId: number | null,
) {
  let query = trx
    .selectFrom(table)
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('status', '<>', LabelStatus.Deleted)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
