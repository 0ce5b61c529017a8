import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { LockNamespace } from '../../jobs/lock-ids';
import { sha256Hex } from '../../lib/crypto';

export interface AuditEntry {
  organizationId: number | null;
  userId: number | null;
  type: string;
  operation: string;
  content?: Record<string, unknown>;
  ip?: string | null;
  location?: string | null;
}

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted, so the text hashed at write equals the text rebuilt from jsonb. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The exact text a row's hash covers; verification recomputes it the same way. */
export function auditHashInput(row: {
  seq: number;
  prev_hash: string;
  organization_id: number | null;
  user_id: number | null;
  type: string;
  operation: string;
  content: string;
  ip: string | null;
  created_at: string;
}): string {
  return JSON.stringify([
    row.seq,
    row.prev_hash,
    row.organization_id,
    row.user_id,
    row.type,
    row.operation,
    row.content,
    row.ip,
    row.created_at,
  ]);
}

/** Lock namespaces for the two kinds of chain: a space's rows, and one user's account rows. */
const SPACE_CHAIN_LOCK = LockNamespace.AuditSpaceChain;
const ACCOUNT_CHAIN_LOCK = LockNamespace.AuditAccountChain;

/**
 * Appends a row to its chain inside the caller's transaction: the space's chain, or for
 * account events (no space) the user's own chain. A transaction-scoped advisory lock per chain
 * orders concurrent writers, so a chain never forks.
 */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const spaceChain = entry.organizationId !== null;
  const chainKey = spaceChain ? entry.organizationId! : (entry.userId ?? 0);
  await sql`select pg_advisory_xact_lock(${spaceChain ? SPACE_CHAIN_LOCK : ACCOUNT_CHAIN_LOCK}, ${chainKey}::int)`.execute(
    trx,
  );
  const previous = await trx
    .selectFrom('audit_log')
    .select(['hash', 'seq'])
    .where(
      spaceChain
        ? sql<boolean>`organization_id = ${entry.organizationId}`
        : entry.userId === null
          ? sql<boolean>`organization_id is null and user_id is null`
          : sql<boolean>`organization_id is null and user_id = ${entry.userId}`,
    )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const prevHash = previous?.hash ?? GENESIS_HASH;
  const seq = (previous?.seq ?? 0) + 1;
  // Millisecond precision survives the round trip through timestamptz, so verification matches.
  const createdAt = new Date().toISOString();
  const content = canonicalJson(entry.content ?? {});
  const hash = sha256Hex(
    auditHashInput({
      seq,
      prev_hash: prevHash,
      organization_id: entry.organizationId,
      user_id: entry.userId,
      type: entry.type,
      operation: entry.operation,
      content,
      ip: entry.ip ?? null,
      created_at: createdAt,
    }),
  );
  await trx
    .insertInto('audit_log')
    .values({
      organization_id: entry.organizationId,
      user_id: entry.userId,
      type: entry.type,
      operation: entry.operation,
      content,
      ip: entry.ip ?? null,
      location: entry.location ?? null,
      created_at: createdAt,
      seq,
      prev_hash: prevHash,
      hash,
    })
    .execute();
}
