import type { Kysely } from 'kysely';
import type { ErrorCode } from '@keystead/contract';
import type { Database, SignerAddress } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Objects outside the caller's space do not exist for the caller: one "not found" for a foreign
 * id and for an id that exists nowhere, checked before anything else about the request (its
 * body's shape, the object's family, status or owner), so no answer tells them apart.
 */

/** Request fields naming a space object, the table that holds it, and the one "not found". */
export const SPACE_SCOPED_FIELDS = {
  task_id: { table: 'tasks', notFound: 'TASK_NOT_FOUND_ERROR' },
} as const satisfies Record<string, { table: 'tasks'; notFound: ErrorCode }>;

function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Run by the access check once the space is known, before the body is validated: every
 * space-scoped id the query or body names must belong to the space. A malformed id is left to
 * validation (it names no object at all).
 */
export async function assertRequestObjectsInSpace(
  db: Kysely<Database>,
  organizationId: number,
  sources: unknown[],
): Promise<void> {
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [field, rule] of Object.entries(SPACE_SCOPED_FIELDS)) {
      const id = positiveId((source as Record<string, unknown>)[field]);
      if (id === null) continue;
      const row = await db
        .selectFrom(rule.table)
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!row) throw new AppError(rule.notFound);
    }
  }
}

/**
 * Signer addresses as the space sees them: those of its joined members. Any other id (another
 * person's address outside the space, or none at all) is SIGNER_ADDRESS_NOT_FOUND_ERROR, before
 * its status or owner is looked at.
 */
export async function signerAddressesInSpace(
  db: Kysely<Database>,
  organizationId: number,
  ids: number[],
): Promise<SignerAddress[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('signer_addresses as s')
    .innerJoin('organization_members as m', 'm.user_id', 's.user_id')
    .selectAll('s')
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'joined')
    .where('s.id', 'in', ids)
    .execute();
  if (rows.length !== new Set(ids).size) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
  return rows;
}
