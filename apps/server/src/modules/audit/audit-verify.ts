import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  GENESIS_HASH,
  SEALED_HASH_VERSION,
  chainName,
  checkpointSignature,
  entryMacHolds,
  expectedHash,
} from './audit.service';
import { sealPending } from './audit-sealer';

export type BrokenReason =
  | 'hash mismatch'
  | 'entry mac invalid'
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

/** The sealed rows, each chain's in its order, then the rows still waiting for the sealer. */
function loadRows(db: Kysely<Database>, organizationId?: number) {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy(sql`seq nulls last`)
    .orderBy('id');
  if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
  return query.execute();
}

/**
 * Recomputes every row's hash (keyed rows need the key outside the database), checks each row
 * names its predecessor's hash and the next seq, and checks each chain's head against its signed
 * checkpoint. Every broken row is reported, not only the first: an edited row fails its own hash,
 * a deleted or inserted row breaks the link of the row after it, deleting the newest rows leaves
 * the checkpoint ahead, and a chain rehashed without the key fails every keyed hash. Committed rows
 * the sealer has not reached yet are sealed first; a row it refused (an entry MAC that does not
 * verify: written without the key, so the sealer left it out) is reported, though it is in no chain.
 */
export async function verifyAuditChains(
  db: Kysely<Database>,
  key: string,
  organizationId?: number,
): Promise<AuditVerifyReport> {
  const heads = new Map<string, { id: number; seq: number; hash: string }>();
  const broken: BrokenLink[] = [];
  let rows = 0;
  // The space's chain only, when one space is verified (sealing is a write, kept to what is read).
  await sealPending(db, key, organizationId === undefined ? undefined : [{ organizationId, userId: null }]);
  for (const row of await loadRows(db, organizationId)) {
    const chain = chainName(row);
    if (row.hash === null) {
      // Left by the sealer: not written with the key. (Or committed since the sealing above: not
      // in a chain yet, and not counted.)
      if (!entryMacHolds(key, row)) {
        rows += 1;
        broken.push({ chain, rowId: Number(row.id), reason: 'entry mac invalid' });
      }
      continue;
    }
    rows += 1;
    const previous = heads.get(chain);
    const seq = Number(row.seq);
    if (expectedHash(key, row) !== row.hash)
      broken.push({ chain, rowId: Number(row.id), reason: 'hash mismatch' });
    else if (Number(row.hash_version) === SEALED_HASH_VERSION && !entryMacHolds(key, row))
      broken.push({ chain, rowId: Number(row.id), reason: 'entry mac invalid' });
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
