import { policyDocument, type PolicyDestination, type PolicyDocument } from '@keystead/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { LockNamespace } from '../../jobs/lock-ids';
import { AddressTag, tagsOf, type KnownAddresses } from '../transfers/address-tags';
import { fromScaled, toScaled } from '../wallets/decimal';
import { USD_SCALE, type VelocityCondition, type VelocityFigure } from './policy-evaluate';
import { jsonColumn } from '../../lib/json-column';

/** What the policy reads from the database: the document in force, destinations, velocity sums. */

export interface PolicyInForce {
  version: number;
  document: PolicyDocument;
  updatedAt: Date;
}

/** A stored policy document (jsonb: an object, or text on some drivers), checked against its schema. */
export const storedDocument = (value: unknown) => policyDocument.parse(jsonColumn(value));

/**
 * A stored document is parsed (zod) and compiled once per process, not on every creation and
 * approval: it is keyed by the change that made it, and a change's document never changes. The
 * key is read first; the document itself only travels on a miss.
 */
const parsedDocuments = new Map<string, PolicyDocument>();
const PARSED_DOCUMENTS_KEPT = 1000;

const documentKey = (row: {
  organization_id: number | string;
  version: number;
  change_id: number | string | null;
}) => `${row.organization_id}:${row.version}:${row.change_id ?? ''}`;

function keepParsed(key: string, document: PolicyDocument): PolicyDocument {
  if (parsedDocuments.size >= PARSED_DOCUMENTS_KEPT)
    parsedDocuments.delete(parsedDocuments.keys().next().value!);
  parsedDocuments.set(key, document);
  return document;
}

/** The document of a policy row, from the process's cache or read once more (with its key) and parsed. */
async function documentOf(
  db: Db,
  row: { organization_id: number | string; version: number; change_id: number | string | null },
): Promise<{ version: number; document: PolicyDocument }> {
  const cached = parsedDocuments.get(documentKey(row));
  if (cached) return { version: row.version, document: cached };
  // Read again with its key: a change applied in between is cached under its own key.
  const fresh = await db
    .selectFrom('transfer_policies')
    .select(['organization_id', 'version', 'change_id', 'document'])
    .where('organization_id', '=', Number(row.organization_id))
    .executeTakeFirstOrThrow();
  return { version: fresh.version, document: keepParsed(documentKey(fresh), storedDocument(fresh.document)) };
}

export async function policyInForce(db: Db, organizationId: number): Promise<PolicyInForce | null> {
  const row = await db
    .selectFrom('transfer_policies')
    .select(['organization_id', 'version', 'change_id', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ? { ...(await documentOf(db, row)), updatedAt: row.updated_at } : null;
}

/** The policy a row's policy key names (null: the space has none), from the cache or read once. */
export async function policyOfKey(
  db: Db,
  key: { organization_id: number; version: number | null; change_id: number | string | null },
): Promise<PolicyDocument | null> {
  if (key.version === null) return null;
  return (await documentOf(db, { ...key, version: key.version })).document;
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
  // Each window parsed once, not once per rule that names it.
  const windows = new Map<string, VelocityFigure>();
  return (condition) => {
    const name = `${condition.scope}_${condition.window}`;
    let figure = windows.get(name);
    if (!figure) {
      figure = {
        count: Number(figures[`${name}_count`]) + (extra ? 1 : 0),
        usdMicros:
          extra && extra.usdMicros === null
            ? null
            : toScaled(String(figures[`${name}_usd`]), USD_SCALE) + (extra?.usdMicros ?? 0n),
      };
      windows.set(name, figure);
    }
    return figure;
  };
}

export const usdColumn = (micros: bigint | null) => (micros === null ? null : fromScaled(micros, USD_SCALE));

/**
 * The velocity windows look back 7 days: older hours are never read again. Deleted with a day to
 * spare, so a transfer re-dated or ending late still finds (or re-creates) its hour harmlessly.
 */
export async function pruneVelocityHours(db: Db, now = new Date()): Promise<number> {
  const result =
    await sql`delete from velocity_hours where hour < ${new Date(now.getTime() - VELOCITY_KEPT_MS)}`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0n);
}

const VELOCITY_KEPT_MS = 8 * 24 * 3600_000;
