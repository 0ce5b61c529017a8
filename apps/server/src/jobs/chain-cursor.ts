import type { Db } from '../db/database';

/** The next block a chain watcher reads (chain_cursors), or null before its first run. */
export async function readCursor(db: Db, chainKey: string, watcher: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('chain_cursors')
    .select('next_block')
    .where('chain_key', '=', chainKey)
    .where('watcher', '=', watcher)
    .executeTakeFirst();
  return row ? BigInt(row.next_block) : null;
}

/**
 * Moves a watcher's cursor from `expected` (null: none yet) to `next`, in the caller's
 * transaction; false when another process moved it first — that process read the same range,
 * so this one must not record it again.
 */
export async function advanceCursor(
  trx: Db,
  chainKey: string,
  watcher: string,
  expected: bigint | null,
  next: bigint,
): Promise<boolean> {
  if (expected === null) {
    const inserted = await trx
      .insertInto('chain_cursors')
      .values({ chain_key: chainKey, watcher, next_block: next.toString() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
  const moved = await trx
    .updateTable('chain_cursors')
    .set({ next_block: next.toString() })
    .where('chain_key', '=', chainKey)
    .where('watcher', '=', watcher)
    .where('next_block', '=', expected.toString())
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Where a chain seen for the first time starts (a new server does not replay history). */
const FIRST_LOOKBACK = 1_000n;

/**
 * The next block range a watcher reads, up to `last` (the newest block it may read) and at most
 * `bite` blocks; null when it is up to date. `cursor` is what to advance from (advanceCursor).
 */
export async function nextScanRange(
  db: Db,
  chainKey: string,
  watcher: string,
  last: bigint,
  bite: bigint,
): Promise<{ cursor: bigint | null; from: bigint; to: bigint } | null> {
  const cursor = await readCursor(db, chainKey, watcher);
  const from = cursor !== null ? cursor : last > FIRST_LOOKBACK ? last - FIRST_LOOKBACK : 0n;
  if (from > last) return null;
  return { cursor, from, to: from + bite - 1n < last ? from + bite - 1n : last };
}
