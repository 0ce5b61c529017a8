import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
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

/** The exact text a row's hash covers; verification recomputes it the same way. */
export function auditHashInput(row: {
  prev_hash: string;
  organization_id: number | null;
  user_id: number | null;
  type: string;
  operation: string;
  content: string;
  ip: string | null;
  created_at: string;
}): string {
  return JSON.stringify([row.prev_hash, row.organization_id, row.user_id, row.type, row.operation, row.content, row.ip, row.created_at]);
}

/**
 * Appends a row to its space's hash chain inside the caller's transaction. A transaction-scoped
 * advisory lock per chain orders concurrent writers, so the chain never forks.
 */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const chainKey = entry.organizationId ?? 0;
  await sql`select pg_advisory_xact_lock(8121, ${chainKey}::int)`.execute(trx);
  const previous = await trx
    .selectFrom('audit_log')
    .select('hash')
    .where(entry.organizationId === null ? sql<boolean>`organization_id is null` : sql<boolean>`organization_id = ${entry.organizationId}`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const prevHash = previous?.hash ?? GENESIS_HASH;
  // Millisecond precision survives the round trip through timestamptz, so verification matches.
  const createdAt = new Date().toISOString();
  const content = JSON.stringify(entry.content ?? {});
  const hash = sha256Hex(
    auditHashInput({
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
      prev_hash: prevHash,
      hash,
    })
    .execute();
}
