import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { GENESIS_HASH, auditHashInput, canonicalJson } from './audit.service';

export interface BrokenLink {
  chain: string;
  rowId: number;
  reason: 'hash mismatch' | 'link mismatch';
}

export interface AuditVerifyReport {
  chains: number;
  rows: number;
  broken: BrokenLink[];
}

function chainName(row: { organization_id: number | null; user_id: number | null }): string {
  return row.organization_id !== null
    ? `space ${row.organization_id}`
    : `account ${row.user_id ?? 'anonymous'}`;
}

/**
 * Recomputes every row's hash and checks each row names its predecessor's hash. An edited row
 * fails its own hash; a deleted or inserted row breaks the link of the row after it.
 */
export async function verifyAuditChains(
  db: Kysely<Database>,
  organizationId?: number,
): Promise<AuditVerifyReport> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id');
  if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
  const lastHash = new Map<string, string>();
  const lastSeq = new Map<string, number>();
  const broken = new Map<string, BrokenLink>();
  let rows = 0;
  for (const row of await query.execute()) {
    rows += 1;
    const chain = chainName(row);
    if (broken.has(chain)) continue;
    const expectedPrev = lastHash.get(chain) ?? GENESIS_HASH;
    const content = canonicalJson(typeof row.content === 'string' ? JSON.parse(row.content) : row.content);
    const recomputed = sha256Hex(
      auditHashInput({
        seq: row.seq,
        prev_hash: row.prev_hash,
        organization_id: row.organization_id,
        user_id: row.user_id,
        type: row.type,
        operation: row.operation,
        content,
        ip: row.ip,
        created_at: row.created_at.toISOString(),
      }),
    );
    if (recomputed !== row.hash) broken.set(chain, { chain, rowId: row.id, reason: 'hash mismatch' });
    else if (row.prev_hash !== expectedPrev || row.seq !== (lastSeq.get(chain) ?? 0) + 1)
      broken.set(chain, { chain, rowId: row.id, reason: 'link mismatch' });
    lastHash.set(chain, row.hash);
    lastSeq.set(chain, row.seq);
  }
  return { chains: lastHash.size, rows, broken: [...broken.values()] };
}
