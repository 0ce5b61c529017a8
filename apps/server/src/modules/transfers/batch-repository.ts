import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ACTIVE_STATUSES, BATCH_TASK } from './transfer-status';

type Db = Kysely<Database>;

export interface BatchOutputRow {
  sourceRow: number;
  to: string;
  tokenKey: string;
  symbol: string;
  decimals: number;
  amount: bigint;
  memo: string | null;
  labelId: number | null;
}

/** A batch's rows, in the order its transaction pays them. */
export async function storeBatchOutputs(trx: Db, taskId: number, rows: BatchOutputRow[]) {
  // Several hundred rows: insert in chunks to stay far below any parameter limit.
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('task_outputs')
      .values(
        rows.slice(start, start + 500).map((row, i) => ({
          task_id: taskId,
          position: start + i,
          source_row: row.sourceRow,
          to_address: row.to,
          token_key: row.tokenKey,
          symbol: row.symbol,
          decimals: row.decimals,
          amount: row.amount.toString(),
          memo: row.memo,
          label_id: row.labelId,
        })),
      )
      .execute();
  }
}

/** A speed-up pays the same recipients as the batch it replaces. */
export async function copyBatchOutputs(trx: Db, fromTaskId: number, toTaskId: number) {
  await sql`
    insert into task_outputs (task_id, position, source_row, to_address, token_key, symbol, decimals, amount, memo, label_id)
    select ${toTaskId}, position, source_row, to_address, token_key, symbol, decimals, amount, memo, label_id
    from task_outputs where task_id = ${fromTaskId}`.execute(trx);
}

export function batchOutputs(db: Db, taskId: number) {
  return db
    .selectFrom('task_outputs')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('position')
    .execute();
}

/**
 * Per asset, what the wallet's active batches hold: the sum of their rows (a batch's own amount
 * column stays empty, so single transfers and batches are never counted twice). Of a speed-up
 * pair only the newest counts. A query, in the shape of the single transfers' holdings it is read
 * with (reservations).
 */
export function heldByBatches(db: Db, walletId: number) {
  return db
    .selectFrom('task_outputs as o')
    .innerJoin('tasks as t', 't.id', 'o.task_id')
    .select([
      sql<string>`'batch'`.as('kind'),
      'o.token_key',
      sql<string>`sum(o.amount)::text`.as('amount'),
      sql<string | null>`null::text`.as('max_sequence'),
    ])
    .where('t.wallet_id', '=', walletId)
    .where('t.type', '=', BATCH_TASK)
    .where('t.status', 'in', ACTIVE_STATUSES)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tasks as r')
            .select('r.id')
            .whereRef('r.replaces', '=', 't.id')
            .where('r.status', 'in', ACTIVE_STATUSES),
        ),
      ),
    )
    .groupBy('o.token_key');
}
