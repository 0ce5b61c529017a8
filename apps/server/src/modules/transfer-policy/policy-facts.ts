import { policyDocument, type PolicyDestination, type PolicyDocument } from '@keystead/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { LockNamespace } from '../../jobs/lock-ids';
import { AddressTag, tagsOf, type KnownAddresses } from '../transfers/address-tags';
import { fromScaled, toScaled } from '../wallets/decimal';
import { USD_SCALE, type VelocityCondition, type VelocityFigure } from './policy-evaluate';

/** What the policy reads from the database: the document in force, destinations, velocity sums. */

export interface PolicyInForce {
  version: number;
  document: PolicyDocument;
  updatedAt: Date;
}

/** A stored policy document (jsonb: an object, or text on some drivers), checked against its schema. */
export const storedDocument = (value: unknown) =>
  policyDocument.parse(typeof value === 'string' ? JSON.parse(value) : value);

export async function policyInForce(db: Db, organizationId: number): Promise<PolicyInForce | null> {
  const row = await db
    .selectFrom('transfer_policies')
    .select(['version', 'document', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row
    ? { version: row.version, document: storedDocument(row.document), updatedAt: row.updated_at }
    : null;
}

/**
 * A waiting transfer locked for its approval step, with its space's policy document read in the
 * same statement (the approval evaluates the policy again; one round trip, not two).
 */
export async function lockTaskWithPolicy(trx: Db, taskId: number) {
  const row = await trx
    .selectFrom('tasks')
    .selectAll('tasks')
    .select((eb) =>
      eb
        .selectFrom('transfer_policies as p')
        .select('p.document')
        .whereRef('p.organization_id', '=', 'tasks.organization_id')
        .as('policy_document'),
    )
    .where('tasks.id', '=', taskId)
    .forUpdate('tasks')
    .executeTakeFirstOrThrow();
  const { policy_document: document, ...task } = row;
  return { task, policy: document === null || document === undefined ? null : storedDocument(document) };
}

/** Creations of one space that a velocity rule counts are taken one at a time (no race past a limit). */
export async function lockSpaceVelocity(trx: Db, organizationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceVelocity}, ${organizationId}::int)`.execute(
    trx,
  );
}

/** A recipient as the destination conditions see it (the §3 address tags, and address-book names). */
export function destinationOf(known: KnownAddresses, address: string) {
  const { tags } = tagsOf(known, address);
  const kinds = new Set<PolicyDestination>();
  if (tags.includes(AddressTag.OrgWallet)) kinds.add('own_wallet');
  else kinds.add('external');
  if (tags.includes(AddressTag.AddressBook)) kinds.add('whitelisted');
  if (tags.includes(AddressTag.FirstTransfer)) kinds.add('new');
  if (tags.includes(AddressTag.SimilarAddress)) kinds.add('risky');
  const lower = address.toLowerCase();
  const names = new Set(known.book.filter((b) => b.address.toLowerCase() === lower).map((b) => b.name));
  return { kinds, names };
}

/**
 * Every velocity window the rules name, in one call of the velocity_figures function (migration
 * 0027): for the space and the wallet, the count and USD sum over the last 24 h and 7 d up to
 * `at`, exact to the moment (whole hours from velocity_hours, kept by a trigger on tasks; the
 * edge hours from the transfers). `extra` is the transfer being created (not stored yet); at
 * approval it is already counted. An unpriced transfer adds nothing to a sum.
 */
export async function velocityFigures(
  db: Db,
  scope: { organizationId: number; walletId: number; at: Date },
  extra: { usdMicros: bigint | null } | null,
): Promise<(condition: VelocityCondition) => VelocityFigure> {
  const { rows } = await sql<Record<string, string | number>>`
    select * from velocity_figures(${scope.organizationId}, ${scope.walletId}, ${scope.at})`.execute(db);
  const figures = rows[0]!;
  return (condition) => {
    const name = `${condition.scope}_${condition.window}`;
    return {
      count: Number(figures[`${name}_count`]) + (extra ? 1 : 0),
      usdMicros:
        extra && extra.usdMicros === null
          ? null
          : toScaled(String(figures[`${name}_usd`]), USD_SCALE) + (extra?.usdMicros ?? 0n),
    };
  };
}

export const usdColumn = (micros: bigint | null) => (micros === null ? null : fromScaled(micros, USD_SCALE));
