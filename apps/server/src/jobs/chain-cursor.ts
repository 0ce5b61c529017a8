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
