import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  GENESIS_HASH,
  KEYED_HASH_VERSION,
  chainName,
  expectedHash,
  lockAuditChain,
  writeCheckpoint,
} from './audit.service';

export interface AuditUpgradeResult {
  upgraded: string[];
  /** Chains whose old rows do not verify: left as they are, so verification keeps naming them. */
  refused: string[];
}

/**
 * The migration path from unkeyed rows (hash_version 1, written before migration 0010): each
 * chain that still has such rows is checked with the algorithm it was written with; when it
 * holds, every row of the chain is rehashed under the key (version 2, each row linking to its
 * predecessor's new hash) and the chain's checkpoint is signed. A chain that does not hold is
 * left alone: rehashing it would launder the tampering. So is a chain that already has a signed
 * checkpoint: it was keyed already, and "old" rows in it are rows someone rewrote with the public
 * algorithm. Runs at boot, under each chain's lock.
 */
export async function upgradeLegacyAuditChains(
  db: Kysely<Database>,
  key: string,
): Promise<AuditUpgradeResult> {
  const chains = await db
    .selectFrom('audit_log')
    .select([
      'organization_id',
      sql<number | null>`case when organization_id is null then user_id end`.as('user_id'),
    ])
    .where('hash_version', '=', 1)
    .distinct()
    .execute();
  const result: AuditUpgradeResult = { upgraded: [], refused: [] };
  for (const chain of chains) {
    const organizationId = chain.organization_id === null ? null : Number(chain.organization_id);
    const userId = chain.user_id === null ? null : Number(chain.user_id);
    const name = chainName({ organization_id: organizationId, user_id: userId });
    const upgraded = await db.transaction().execute(async (trx) => {
      // A chain with a signed checkpoint was keyed already; its lock is the checkpoint row's.
      if (!(await lockAuditChain(trx, name)).fresh) return false;
      const rehashed = await rehashChain(trx, key, name, organizationId, userId);
      // The unsigned placeholder the lock inserted must not outlive a refused chain.
      if (!rehashed) await trx.deleteFrom('audit_checkpoints').where('chain', '=', name).execute();
      return rehashed;
    });
    (upgraded ? result.upgraded : result.refused).push(name);
  }
  return result;
}

/** Rehashes one chain's rows under the key when they verify with their own algorithm. */
async function rehashChain(
  trx: Kysely<Database>,
  key: string,
  name: string,
  organizationId: number | null,
  userId: number | null,
): Promise<boolean> {
  let query = trx.selectFrom('audit_log').selectAll().where('seq', 'is not', null).orderBy('id');
  query =
    organizationId !== null
      ? query.where('organization_id', '=', organizationId)
      : query
          .where('organization_id', 'is', null)
          .where('user_id', userId === null ? 'is' : '=', userId as number);
  const rows = await query.execute();
  let prev = GENESIS_HASH;
  let seq = 0;
  for (const row of rows) {
    if (expectedHash(key, row) !== row.hash || row.prev_hash !== prev || Number(row.seq) !== seq + 1)
      return false;
    prev = row.hash;
    seq = Number(row.seq);
  }
  let newPrev = GENESIS_HASH;
  for (const row of rows) {
    const hash = expectedHash(key, { ...row, hash_version: KEYED_HASH_VERSION }, newPrev);
    await trx
      .updateTable('audit_log')
      .set({ prev_hash: newPrev, hash, hash_version: KEYED_HASH_VERSION })
      .where('id', '=', row.id)
      .execute();
    newPrev = hash;
  }
  const last = rows[rows.length - 1];
  if (!last) return false;
  await writeCheckpoint(trx, key, {
    chain: name,
    head_id: Number(last.id),
    head_seq: Number(last.seq),
    head_hash: newPrev,
  });
  return true;
}
