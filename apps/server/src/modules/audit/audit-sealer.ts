import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DatabaseHandle } from '../../db/database';
import {
  AUDIT_SEAL_CHANNEL,
  SEALED_HASH_VERSION,
  chainName,
  chainRows,
  checkpointUpsert,
  entryMacHolds,
  expectedHash,
  headFromLog,
  lockAuditChain,
  signedCheckpoint,
  type ChainKey,
} from './audit.service';

/** How long the sealer waits after a wake-up, so that one run seals what several commits wrote. */
const SEAL_DELAY_MS = 250;
/** The look for waiting rows that no NOTIFY named (a listener's connection lost and back). */
const SWEEP_MS = 60_000;
/** After a failed run (the database away), the next try. */
const RETRY_MS = 2_000;
/** Rows sealed per transaction. */
const BATCH = 500;

/**
 * Seals every committed unsealed row (writeAudit): chain by chain, under the chain's checkpoint
 * lock, each row in insert order gets the next seq, its predecessor's hash as link and its keyed
 * hash; the chain's signed checkpoint moves to the last. A row whose entry MAC does not verify was
 * not written by a holder of the key: it stays out of the chain, and verification names it.
 * Returns how many rows were sealed.
 */
export async function sealPending(
  db: Kysely<Database>,
  key: string,
  only?: readonly ChainKey[],
): Promise<number> {
  const chains =
    only ??
    (
      await sql<{ organization_id: number | null; user_id: number | null }>`
        select distinct organization_id, case when organization_id is null then user_id end as user_id
          from audit_log where seq is null and hash_version = ${SEALED_HASH_VERSION}`.execute(db)
    ).rows.map((row) => ({
      organizationId: row.organization_id === null ? null : Number(row.organization_id),
      userId: row.user_id === null ? null : Number(row.user_id),
    }));
  let sealed = 0;
  for (const chain of chains) {
    for (;;) {
      const batch = await sealBatch(db, key, chain);
      sealed += batch.sealed;
      if (batch.read < BATCH) break;
    }
  }
  return sealed;
}

type RowUpdate = ReturnType<typeof sql>;

/** One transaction of one chain: up to BATCH waiting rows read and sealed. */
async function sealBatch(db: Kysely<Database>, key: string, chain: ChainKey) {
  return db.transaction().execute(async (trx) => {
    const name = chainName({ organization_id: chain.organizationId, user_id: chain.userId });
    // The lock first, then the read: the read's snapshot then holds every row an earlier sealer sealed.
    const locked = await lockAuditChain(trx, name);
    const waiting = await trx
      .selectFrom('audit_log')
      .selectAll()
      .where(chainRows(chain))
      .where('seq', 'is', null)
      .where('hash_version', '=', SEALED_HASH_VERSION)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let head = locked.fresh
      ? { id: 0, ...(await headFromLog(trx, chain)) }
      : { id: 0, seq: Number(locked.head_seq), hash: locked.head_hash };
    const updates: RowUpdate[] = [];
    let sealed = 0;
    for (const row of waiting) {
      // Not written by a holder of the key: never linked (verification names it). Skipped, not
      // marked, so that a sealer given the wrong key cannot spoil the rows it cannot check.
      if (!entryMacHolds(key, row)) continue;
      const seq = head.seq + 1;
      const hash = expectedHash(key, { ...row, seq }, head.hash);
      updates.push(sql`(${row.id}::bigint, ${seq}::bigint, ${head.hash}, ${hash})`);
      head = { id: Number(row.id), seq, hash };
      sealed += 1;
    }
    if (!sealed) {
      // No new head (another process sealed them, or no row's MAC holds).
      if (locked.fresh) await trx.deleteFrom('audit_checkpoints').where('chain', '=', name).execute();
      return { read: waiting.length, sealed };
    }
    // The rows and the chain's signed checkpoint in one statement (a data-modifying WITH runs once).
    const checkpoint = signedCheckpoint(key, {
      chain: name,
      head_id: head.id,
      head_seq: head.seq,
      head_hash: head.hash,
    });
    await sql`with sealed as (${rowsUpdate(updates)}) ${checkpointUpsert(checkpoint)}`.execute(trx);
    return { read: waiting.length, sealed };
  });
}

/** The rows' seq, link and hash, from a VALUES list. */
function rowsUpdate(updates: RowUpdate[]) {
  return sql`update audit_log a
       set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
      from (values ${sql.join(updates)}) as v(id, seq, prev_hash, hash)
     where a.id = v.id`;
}

/**
 * Runs the sealer in this process: woken by the NOTIFY each audit row's commit sends (from any
 * process), naming its chain, it waits SEAL_DELAY_MS so one run seals many commits, and runs one
 * at a time. It seals at start what a stopped process left, every SWEEP_MS whatever a lost
 * NOTIFY left, and at close what is left. Returns the stop.
 */
export async function startAuditSealer(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  key: string,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  // The chains named since the last run; null: look for every chain with waiting rows.
  let named: Map<string, ChainKey> | null = null;
  const run = () => {
    timer = null;
    const chains = named ? [...named.values()] : undefined;
    named = new Map();
    running = running.then(async () => {
      try {
        await sealPending(database.db, key, chains);
      } catch (error) {
        onError(error);
        named = null;
        if (!stopped) wake(RETRY_MS);
      }
    });
  };
  const wake = (delay = SEAL_DELAY_MS) => {
    if (!timer && !stopped) timer = setTimeout(run, delay).unref();
  };
  const unlisten = await database.listen(AUDIT_SEAL_CHANNEL, (payload) => {
    const chain = chainOfPayload(payload);
    if (chain && named) named.set(JSON.stringify(chain), chain);
    else named = null;
    wake();
  });
  const sweep = setInterval(() => {
    named = null;
    wake();
  }, SWEEP_MS).unref();
  run();
  return async () => {
    stopped = true;
    clearInterval(sweep);
    await unlisten();
    if (timer) clearTimeout(timer);
    named = null;
    run();
    await running;
  };
}

/** The chain a NOTIFY names (writeAudit's `[organization, user]`); null for anything else. */
function chainOfPayload(payload: string): ChainKey | null {
  try {
    const [organizationId, userId] = JSON.parse(payload) as unknown[];
    const idOrNull = (value: unknown) => value === null || Number.isSafeInteger(value);
    if (!idOrNull(organizationId) || !idOrNull(userId)) return null;
    return { organizationId: organizationId as number | null, userId: userId as number | null };
  } catch {
    return null;
  }
}
