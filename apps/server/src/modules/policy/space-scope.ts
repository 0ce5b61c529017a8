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

/** An object a request names by a space-scoped field. */
export interface NamedObject {
  table: 'tasks';
  id: number;
  notFound: ErrorCode;
}

/**
 * The space-scoped objects a request's query and body name. A malformed id is left to
 * validation (it names no object at all).
 */
export function requestedObjects(sources: unknown[]): NamedObject[] {
  const named: NamedObject[] = [];
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [field, rule] of Object.entries(SPACE_SCOPED_FIELDS)) {
      const id = positiveId((source as Record<string, unknown>)[field]);
      if (id !== null) named.push({ table: rule.table, id, notFound: rule.notFound });
    }
  }
  return named;
}

/**
 * SQL text: the "not found" code of the first named object outside the space (the parameter
 * `space`), or null. The access check reads it in its membership query (no statement of its own)
 * and throws it once the space is known and the action allowed, before the body is validated.
 * Object ids are parameters numbered from `first`; table names come from SPACE_SCOPED_FIELDS.
 */
export function firstObjectOutsideSpaceSql(
  named: NamedObject[],
  space: string,
  first: number,
): { text: string; parameters: unknown[] } {
  if (!named.length) return { text: 'null::text', parameters: [] };
  const parameters: unknown[] = [];
  const cases = named.map((object) => {
    parameters.push(object.id, object.notFound);
    const id = `$${first + parameters.length - 2}`;
    const code = `$${first + parameters.length - 1}`;
    return `when not exists (select 1 from ${object.table} where id = ${id} and organization_id = ${space}) then ${code}::text`;
  });
  return { text: `case ${cases.join(' ')} else null end`, parameters };
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
