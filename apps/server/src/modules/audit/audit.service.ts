import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';
import { hmacHex, randomToken, sha256Hex } from '../../lib/crypto';
import { jsonColumn } from '../../lib/json-column';

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
/** HMAC-SHA256 under AUDIT_HMAC_KEY over every column of the row, written with the row. */
export const KEYED_HASH_VERSION = 2;
/**
 * Written unsealed by the command with its entry MAC (the key over what happened and a nonce),
 * then linked and hashed after commit by the audit sealer: the version-2 hash plus the entry MAC.
 */
export const SEALED_HASH_VERSION = 3;

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
  /** Version 3: the entry MAC written with the row. */
  entry_mac?: string | null;
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

/** Version 2 (and 3, with the entry MAC): an HMAC under the key outside the database over every column. */
export function keyedAuditHash(key: string, row: AuditHashedRow, version = KEYED_HASH_VERSION): string {
  return hmacHex(
    key,
    JSON.stringify([
      version,
      row.id,
      row.seq,
      row.prev_hash,
      ...whatHappened(row),
      ...(version === SEALED_HASH_VERSION ? [row.entry_mac ?? null] : []),
    ]),
  );
}

/**
 * What the command itself signs when it writes a row (version 3): every column it knows — not the
 * id, seq or link, which the sealer gives later — and a nonce, kept in front of the MAC, that makes
 * each entry's MAC unique (a copied row cannot be inserted: audit_log_entry_mac is unique).
 */
export function entryMac(
  key: string,
  row: Omit<AuditHashedRow, 'id' | 'seq' | 'prev_hash'>,
  nonce: string,
): string {
  const mac = hmacHex(key, JSON.stringify(['audit-entry', nonce, ...whatHappened(row)]));
  return `${nonce}.${mac}`;
}

/** The columns a command writes (what happened, who, where, when), in the order the hashes take them. */
function whatHappened(row: Omit<AuditHashedRow, 'id' | 'seq' | 'prev_hash'>) {
  return [
    row.organization_id,
    row.user_id,
    row.type,
    row.operation,
    row.content,
    row.ip,
    row.location,
    row.created_at,
  ];
}

/** A stored row as the hashes read it. */
export type StoredAuditRow = Pick<
  Selectable<AuditLogTable>,
  | 'id'
  | 'organization_id'
  | 'user_id'
  | 'type'
  | 'operation'
  | 'content'
  | 'ip'
  | 'location'
  | 'created_at'
  | 'seq'
  | 'prev_hash'
  | 'hash_version'
  | 'entry_mac'
>;

/** The columns of a stored row as the hashes cover them (content as canonical JSON, time as ISO). */
function hashedColumns(row: StoredAuditRow, prevHash = row.prev_hash): AuditHashedRow {
  return {
    id: Number(row.id),
    seq: Number(row.seq),
    prev_hash: prevHash ?? '',
    organization_id: row.organization_id === null ? null : Number(row.organization_id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    type: row.type,
    operation: row.operation,
    content: canonicalJson(jsonColumn(row.content)),
    ip: row.ip,
    location: row.location,
    created_at: new Date(row.created_at).toISOString(),
    entry_mac: row.entry_mac,
  };
}

/** Whether a version-3 row's entry MAC is the one its columns and nonce give under the key. */
export function entryMacHolds(key: string, row: StoredAuditRow): boolean {
  const nonce = row.entry_mac?.split('.')[0];
  return !!nonce && entryMac(key, hashedColumns(row), nonce) === row.entry_mac;
}

/** The hash a row should carry under its own version (1 legacy sha256, 2 keyed, 3 sealed). */
export function expectedHash(key: string, row: StoredAuditRow, prevHash = row.prev_hash): string {
  const hashed = hashedColumns(row, prevHash);
  const version = Number(row.hash_version);
  return version === LEGACY_HASH_VERSION ? legacyAuditHash(hashed) : keyedAuditHash(key, hashed, version);
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
export function checkpointUpsert(checkpoint: ChainHead & { signature: string }): RawBuilder<unknown> {
  return sql`
    insert into audit_checkpoints (chain, head_id, head_seq, head_hash, signed_at, signature)
    values (${checkpoint.chain}, ${checkpoint.head_id}, ${checkpoint.head_seq}, ${checkpoint.head_hash},
            ${checkpoint.signed_at}, ${checkpoint.signature})
    on conflict (chain) do update set head_id = excluded.head_id, head_seq = excluded.head_seq,
      head_hash = excluded.head_hash, signed_at = excluded.signed_at, signature = excluded.signature`;
}

/** The checkpoint row of a chain's head, signed now. */
export function signedCheckpoint(key: string, head: Omit<ChainHead, 'signed_at'>) {
  const signed: ChainHead = { ...head, signed_at: new Date().toISOString() };
  return { ...signed, signature: checkpointSignature(key, signed) };
}

/** A chain's head as its locked checkpoint row tells it; `fresh` when no checkpoint existed. */
interface LockedHead {
  head_seq: string | number;
  head_hash: string;
  fresh: boolean;
}

/**
 * Locks a chain for this transaction and reads its head, in one statement: an upsert of the
 * chain's checkpoint row takes the row's lock, waits for any writer holding it, and returns the
 * row as that writer committed it (an upsert updates the newest version, unlike a plain read
 * whose snapshot predates the wait). A chain without a checkpoint gets an unsigned placeholder
 * (`fresh`), which its writer replaces before commit.
 */
export async function lockAuditChain(trx: Kysely<Database>, chain: string): Promise<LockedHead> {
  const { rows } = await sql<LockedHead>`
    insert into audit_checkpoints as c (chain, head_id, head_seq, head_hash, signed_at, signature)
    values (${chain}, 0, 0, ${GENESIS_HASH}, '', '')
    on conflict (chain) do update set chain = c.chain
    returning c.head_seq, c.head_hash, c.signature = '' as fresh`.execute(trx);
  return rows[0]!;
}

/** A chain by its rows' columns: a space's, or one user's account rows (or anonymous ones). */
export interface ChainKey {
  organizationId: number | null;
  userId: number | null;
}

/** The condition that selects a chain's rows. */
export function chainRows(chain: ChainKey) {
  return chain.organizationId !== null
    ? sql<boolean>`organization_id = ${chain.organizationId}`
    : chain.userId === null
      ? sql<boolean>`organization_id is null and user_id is null`
      : sql<boolean>`organization_id is null and user_id = ${chain.userId}`;
}

/** The newest sealed row of a chain read from the log itself (a chain with no checkpoint yet). */
export async function headFromLog(
  trx: Kysely<Database>,
  chain: ChainKey,
): Promise<{ seq: number; hash: string }> {
  const { rows } = await sql<{ hash: string; seq: string | number }>`
    select hash, seq from audit_log where ${chainRows(chain)} and seq is not null
     order by seq desc limit 1`.execute(trx);
  const last = rows[0];
  return last ? { seq: Number(last.seq), hash: last.hash } : { seq: 0, hash: GENESIS_HASH };
}

/** Wakes the audit sealer of every server process at commit (a NOTIFY is delivered then, or never), naming the chain. */
export const AUDIT_SEAL_CHANNEL = 'keystead_audit_unsealed';

/**
 * Appends a row to its chain inside the caller's transaction: the space's chain, or for
 * account events (no space) the user's own chain. One statement and no lock: the row commits or
 * rolls back with the command, carrying its entry MAC (the key over what happened); after commit
 * the audit sealer checks that MAC, gives the row its place (seq), its link and its keyed hash,
 * and moves the chain's signed checkpoint (audit-sealer.ts). Before, each command held its
 * space's chain lock from here to its commit.
 */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  // Millisecond precision survives the round trip through timestamptz, so the MAC checks later.
  const row = {
    organization_id: entry.organizationId,
    user_id: entry.userId,
    type: entry.type,
    operation: entry.operation,
    content: canonicalJson(entry.content ?? {}),
    ip: entry.ip ?? null,
    location: entry.location ?? null,
    created_at: new Date().toISOString(),
  };
  const mac = entryMac(requireAuditKey(), row, randomToken(16));
  // The chain, for the sealer (one NOTIFY per chain and transaction: PostgreSQL folds repeats).
  const chain = JSON.stringify([row.organization_id, row.organization_id === null ? row.user_id : null]);
  await sql`
    with appended as (
      insert into audit_log (organization_id, user_id, type, operation, content, ip, location,
                             created_at, hash_version, entry_mac)
      values (${row.organization_id}, ${row.user_id}, ${row.type}, ${row.operation}, ${row.content},
              ${row.ip}, ${row.location}, ${row.created_at}, ${SEALED_HASH_VERSION}, ${mac})
      returning id
    )
    select pg_notify(${AUDIT_SEAL_CHANNEL}, ${chain}) from appended`.execute(trx);
}
