import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  GENESIS_HASH,
  LEGACY_HASH_VERSION,
  canonicalJson,
  chainName,
  checkpointSignature,
  keyedAuditHash,
  legacyAuditHash,
  type AuditHashedRow,
} from './audit.service';
import { jsonColumn } from '../../lib/json-column';

export type BrokenReason =
  | 'hash mismatch'
  | 'link mismatch'
  | 'checkpoint missing'
  | 'checkpoint signature invalid'
  | 'rows missing after checkpoint'
  | 'checkpoint mismatch';

export interface BrokenLink {
  chain: string;
  /** The row at fault; null when the chain's checkpoint is (truncation of a whole chain, …). */
  rowId: number | null;
  reason: BrokenReason;
}

export interface AuditVerifyReport {
  chains: number;
  rows: number;
  /** Every broken row and every chain whose signed checkpoint does not match its head. */
  broken: BrokenLink[];
}

type AuditRow = Awaited<ReturnType<typeof loadRows>>[number];

function loadRows(db: Kysely<Database>, organizationId?: number) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id');
  if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
  return query.execute();
}

/** The hash a row should carry under its own version (1 legacy sha256, 2 keyed HMAC). */
export function expectedHash(key: string, row: AuditRow, prevHash = row.prev_hash): string {
  const hashed: AuditHashedRow = {
    id: Number(row.id),
    seq: Number(row.seq),
    prev_hash: prevHash,
    organization_id: row.organization_id === null ? null : Number(row.organization_id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    type: row.type,
    operation: row.operation,
    content: canonicalJson(jsonColumn(row.content)),
    ip: row.ip,
    location: row.location,
    created_at: new Date(row.created_at).toISOString(),
  };
  return Number(row.hash_version) === LEGACY_HASH_VERSION
    ? legacyAuditHash(hashed)
    : keyedAuditHash(key, hashed);
}

/**
 * Recomputes every row's hash (keyed rows need the key outside the database), checks each row
 * names its predecessor's hash and the next seq, and checks each chain's head against its signed
 * checkpoint. Every broken row is reported, not only the first: an edited row fails its own hash,
 * a deleted or inserted row breaks the link of the row after it, deleting the newest rows leaves
 * the checkpoint ahead, and a chain rehashed without the key fails every keyed hash.
 */
export async function verifyAuditChains(
  db: Kysely<Database>,
  key: string,
  organizationId?: number,
): Promise<AuditVerifyReport> {
  const heads = new Map<string, { id: number; seq: number; hash: string }>();
  const broken: BrokenLink[] = [];
  let rows = 0;
  for (const row of await loadRows(db, organizationId)) {
    rows += 1;
    const chain = chainName(row);
    const previous = heads.get(chain);
    const seq = Number(row.seq);
    if (expectedHash(key, row) !== row.hash)
      broken.push({ chain, rowId: Number(row.id), reason: 'hash mismatch' });
    else if (row.prev_hash !== (previous?.hash ?? GENESIS_HASH) || seq !== (previous?.seq ?? 0) + 1)
      broken.push({ chain, rowId: Number(row.id), reason: 'link mismatch' });
    heads.set(chain, { id: Number(row.id), seq, hash: row.hash });
  }
  let checkpoints = db.selectFrom('audit_checkpoints').selectAll();
  if (organizationId !== undefined) checkpoints = checkpoints.where('chain', '=', `space ${organizationId}`);
  const signed = new Map((await checkpoints.execute()).map((c) => [c.chain, c]));
  for (const chain of new Set([...heads.keys(), ...signed.keys()])) {
    const head = heads.get(chain);
    const checkpoint = signed.get(chain);
    if (!checkpoint) {
      broken.push({ chain, rowId: null, reason: 'checkpoint missing' });
      continue;
    }
    const claimed = {
      chain,
      head_id: Number(checkpoint.head_id),
      head_seq: Number(checkpoint.head_seq),
      head_hash: checkpoint.head_hash,
      signed_at: checkpoint.signed_at,
    };
    if (checkpointSignature(key, claimed) !== checkpoint.signature) {
      broken.push({ chain, rowId: null, reason: 'checkpoint signature invalid' });
    } else if (!head || head.seq < claimed.head_seq) {
      broken.push({ chain, rowId: head?.id ?? null, reason: 'rows missing after checkpoint' });
    } else if (
      head.id !== claimed.head_id ||
      head.seq !== claimed.head_seq ||
      head.hash !== claimed.head_hash
    ) {
      broken.push({ chain, rowId: head.id, reason: 'checkpoint mismatch' });
    }
  }
  return { chains: new Set([...heads.keys(), ...signed.keys()]).size, rows, broken };
}
