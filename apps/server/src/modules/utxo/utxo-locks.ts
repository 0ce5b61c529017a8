import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ACTIVE_STATUSES, TRANSFER_TASK } from '../transfers/transfer-status';

/** Outpoints spent by the wallet's active transfers (0, 3, 5, 6) → the task that holds each. */
export async function lockedOutpoints(db: Kysely<Database>, walletId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('task_utxos as u')
    .innerJoin('tasks as t', 't.id', 'u.task_id')
    .select(['u.outpoint', 'u.task_id'])
    .where('u.wallet_id', '=', walletId)
    .where('t.type', '=', TRANSFER_TASK)
    .where('t.status', 'in', ACTIVE_STATUSES)
    .orderBy('u.task_id')
    .execute();
  const map = new Map<string, number>();
  for (const row of rows) if (!map.has(row.outpoint)) map.set(row.outpoint, row.task_id);
  return map;
}
