import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { hmacHex, sha256Hex } from '../../lib/crypto';

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
/** Rows written before keyed hashes (sha256 without location); upgraded at boot (audit-upgrade.ts). */
export const LEGACY_HASH_VERSION = 1;
/** HMAC-SHA256 under AUDIT_HMAC_KEY over every column of the row. */
export const KEYED_HASH_VERSION = 2;

/**
 * The key of the keyed hashes and checkpoint signatures. It lives outside the database
 * (AUDIT_HMAC_KEY); buildApp sets it from the configuration before any route runs.
 */
let auditKey: string | null = null;
export function setAuditKey(key: string): void {
  auditKey = key;
}
function requireAuditKey(): string {
  if (!auditKey) throw new Error('audit key not configured (setAuditKey)');
  return auditKey;
}

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

export interface AuditHashedRow {
  id: number;
  seq: number;
  prev_hash: string;
  organization_id: number | null;
  user_id: number | null;
  type: string;
  operation: string;
  /** Canonical JSON text. */
  content: string;
  ip: string | null;
  location: string | null;
  /** ISO time, millisecond precision. */
  created_at: string;
}

/** Version 1 (legacy): the text the old unkeyed sha256 covered — no id, no location. */
export function legacyAuditHash(row: AuditHashedRow): string {
  return sha256Hex(
    JSON.stringify([
      row.seq,
      row.prev_hash,
      row.organization_id,
      row.user_id,
      row.type,
      row.operation,
      row.content,
      row.ip,
      row.created_at,
    ]),
  );
}

/** Version 2: an HMAC under the key outside the database over every column of the row. */
export function keyedAuditHash(key: string, row: AuditHashedRow): string {
  return hmacHex(
    key,
    JSON.stringify([
      KEYED_HASH_VERSION,
      row.id,
      row.seq,
      row.prev_hash,
      row.organization_id,
      row.user_id,
      row.type,
      row.operation,
      row.content,
      row.ip,
      row.location,
      row.created_at,
    ]),
  );
}

/** A chain's name: the space's rows, or one user's account rows. */
export function chainName(row: { organization_id: number | null; user_id: number | null }): string {
  return row.organization_id !== null
    ? `space ${row.organization_id}`
    : `account ${row.user_id ?? 'anonymous'}`;
}

export interface ChainHead {
  chain: string;
  head_id: number;
  head_seq: number;
  head_hash: string;
  signed_at: string;
}

/** The signature of a checkpoint: binds the chain's name to its newest row, seq and hash. */
export function checkpointSignature(key: string, head: ChainHead): string {
  return hmacHex(
    key,
    JSON.stringify([
      'audit-checkpoint',
      head.chain,
      head.head_id,
      head.head_seq,
      head.head_hash,
      head.signed_at,
    ]),
  );
}

/**
 * Writes the signed checkpoint of a chain's head (one row per chain, replaced on each append
 * inside the append's transaction). Deleting the newest rows leaves the checkpoint ahead of the
 * chain; rewriting rows cannot produce a valid signature without the key.
 */
export async function writeCheckpoint(
  trx: Kysely<Database>,
  key: string,
  head: Omit<ChainHead, 'signed_at'>,
): Promise<void> {
  await checkpointUpsert(signedCheckpoint(key, head)).execute(trx);
}

/** The statement that makes this signed head the chain's checkpoint (one row per chain). */
function checkpointUpsert(checkpoint: ChainHead & { signature: string }): RawBuilder<unknown> {
  return sql`
    insert into audit_checkpoints (chain, head_id, head_seq, head_hash, signed_at, signature)
    values (${checkpoint.chain}, ${checkpoint.head_id}, ${checkpoint.head_seq}, ${checkpoint.head_hash},
            ${checkpoint.signed_at}, ${checkpoint.signature})
    on conflict (chain) do update set head_id = excluded.head_id, head_seq = excluded.head_seq,
      head_hash = excluded.head_hash, signed_at = excluded.signed_at, signature = excluded.signature`;
}

/** The checkpoint row of a chain's head, signed now. */
function signedCheckpoint(key: string, head: Omit<ChainHead, 'signed_at'>) {
  const signed: ChainHead = { ...head, signed_at: new Date().toISOString() };
  return { ...signed, signature: checkpointSignature(key, signed) };
}

/** A chain's head as its locked checkpoint row tells it; `fresh` when no checkpoint existed. */
interface LockedHead {
  head_seq: string | number;
  head_hash: string;
  next_id: string | number;
  fresh: boolean;
}

/**
 * Locks a chain for this transaction and reads its head, in one statement: an upsert of the
 * chain's checkpoint row takes the row's lock, waits for any writer holding it, and returns the
 * row as that writer committed it (an upsert updates the newest version, unlike a plain read
 * whose snapshot predates the wait). A chain without a checkpoint gets an unsigned placeholder
 * (`fresh`), which its writer replaces before commit. The new row's id comes in the same reply.
 */
export async function lockAuditChain(trx: Kysely<Database>, chain: string): Promise<LockedHead> {
  const { rows } = await sql<LockedHead>`
    insert into audit_checkpoints as c (chain, head_id, head_seq, head_hash, signed_at, signature)
    values (${chain}, 0, 0, ${GENESIS_HASH}, '', '')
    on conflict (chain) do update set chain = c.chain
    returning c.head_seq, c.head_hash, c.signature = '' as fresh,
              nextval(pg_get_serial_sequence('audit_log', 'id')) as next_id`.execute(trx);
  return rows[0]!;
}

/** The newest row of a chain read from the log itself (a chain with no checkpoint yet). */
async function headFromLog(
  trx: Kysely<Database>,
  entry: Pick<AuditEntry, 'organizationId' | 'userId'>,
): Promise<{ seq: number; hash: string }> {
  const chain =
    entry.organizationId !== null
      ? sql`organization_id = ${entry.organizationId}`
      : entry.userId === null
        ? sql`organization_id is null and user_id is null`
        : sql`organization_id is null and user_id = ${entry.userId}`;
  const { rows } = await sql<{ hash: string; seq: string | number }>`
    select hash, seq from audit_log where ${chain} order by id desc limit 1`.execute(trx);
  const last = rows[0];
  return last ? { seq: Number(last.seq), hash: last.hash } : { seq: 0, hash: GENESIS_HASH };
}

/**
 * Appends a row to its chain inside the caller's transaction: the space's chain, or for
 * account events (no space) the user's own chain. The lock on the chain's checkpoint row orders
 * concurrent writers, so a chain never forks. The row's keyed hash covers every column and the
 * chain's signed checkpoint moves to it in the same transaction.
 */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const key = requireAuditKey();
  const name = chainName({ organization_id: entry.organizationId, user_id: entry.userId });
  const locked = await lockAuditChain(trx, name);
  // A chain without a checkpoint (new, or written before checkpoints) is read from its rows,
  // now under the lock.
  const previous = locked.fresh
    ? await headFromLog(trx, entry)
    : { seq: Number(locked.head_seq), hash: locked.head_hash };
  const id = Number(locked.next_id);
  const seq = previous.seq + 1;
  // Millisecond precision survives the round trip through timestamptz, so verification matches.
  const values = {
    organization_id: entry.organizationId,
    user_id: entry.userId,
    type: entry.type,
    operation: entry.operation,
    content: canonicalJson(entry.content ?? {}),
    ip: entry.ip ?? null,
    location: entry.location ?? null,
    created_at: new Date().toISOString(),
    seq,
    prev_hash: previous.hash,
  };
  const hash = keyedAuditHash(key, { ...values, id });
  const checkpoint = signedCheckpoint(key, {
    chain: chainName(values),
    head_id: id,
    head_seq: seq,
    head_hash: hash,
  });
  // The row and the chain's signed checkpoint in one statement (a data-modifying WITH runs once).
  await sql`
    with appended as (
      insert into audit_log (id, organization_id, user_id, type, operation, content, ip, location,
                             created_at, seq, prev_hash, hash, hash_version)
      overriding system value
      values (${id}, ${values.organization_id}, ${values.user_id}, ${values.type}, ${values.operation},
              ${values.content}, ${values.ip}, ${values.location}, ${values.created_at}, ${seq},
              ${values.prev_hash}, ${hash}, ${KEYED_HASH_VERSION})
    )
    ${checkpointUpsert(checkpoint)}`.execute(trx);
}
