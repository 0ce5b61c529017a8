import type { Kysely } from 'kysely';
import type { FollowedTransaction } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Database, Task } from '../../db/schema';
import { writeAudit } from '../audit/audit.service';
import { BroadcastStatus } from './broadcast-relay';
import { taskNumber } from './transfer-create';
import { notifyUsers } from './transfer-notify';
import { endReplacedOriginal } from './transfer-repository';
import { batchOutputs } from './batch-repository';
import { BATCH_TASK, TransferStatus } from './transfer-status';

export type WatchedTask = Task & { wallet_address: string | null };

const WAITING: number[] = [
  TransferStatus.PendingApproval,
  TransferStatus.PendingSignature,
  TransferStatus.PendingBroadcast,
];

/**
 * A broadcast transfer reached the chain: executed → completed (1), otherwise failed (2) with the
 * reason. The winning attempt is marked, the others replaced; whatever competed for the same
 * nonce or coins ends (a rejection, a replacement, the original), and the out-record is written.
 */
export async function settleTransfer(
  ctx: AppContext,
  task: WatchedTask,
  attemptId: number,
  txHash: string,
  result: FollowedTransaction,
): Promise<boolean> {
  const executed = result.state === 'executed';
  const reason = executed ? null : (result.reason ?? 'the transaction did not execute this transfer');
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('tasks')
      .set({
        status: executed ? TransferStatus.Completed : TransferStatus.Failed,
        failure_reason: reason,
        exec_tx_hash: txHash,
        block_number: result.blockNumber?.toString() ?? null,
        block_hash: result.blockHash ?? null,
        // The fee the chain charged (EVM: gas used × price); a PSBT's fee was fixed when built.
        ...(result.fee !== undefined ? { fee_sat: result.fee.toString() } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .where('status', '=', TransferStatus.OnChain)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const winner = trx.updateTable('task_broadcasts').where('task_id', '=', task.id);
    await (attemptId ? winner.where('id', '=', attemptId) : winner.where('tx_hash', '=', txHash))
      .set({ status: executed ? BroadcastStatus.Success : BroadcastStatus.Failed })
      .execute();
    await trx
      .updateTable('task_broadcasts')
      .set({ status: BroadcastStatus.Replaced })
      .where('task_id', '=', task.id)
      .where('tx_hash', '!=', txHash)
      .where('status', '=', BroadcastStatus.Pending)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: null,
      type: 'transfer',
      operation: executed ? 'completed' : 'failed',
      content: {
        task_id: task.id,
        tx_hash: txHash,
        reason,
        ...(result.blockHash ? { block_hash: result.blockHash } : {}),
      },
    });
    if (executed) await endRivals(trx, task, txHash);
    if (executed && !task.rejection_of) await recordPaidOut(trx, task, txHash, result.blockNumber ?? 0n);
    if (task.created_by) {
      const title = `Transfer ${taskNumber(task.id)} ${executed ? 'completed' : 'failed'}`;
      const body = executed ? `Executed in ${txHash}.` : `It did not execute: ${reason}`;
      await notifyUsers(ctx, trx, [task.created_by], task, undefined, title, body);
    }
    return true;
  });
}

/** What competed with an executed transfer can never execute now. */
async function endRivals(trx: Kysely<Database>, task: Task, txHash: string) {
  const number = taskNumber(task.id);
  if (task.rejection_of) {
    // The rejection used the nonce: the original it cancels is revoked.
    await trx
      .updateTable('tasks')
      .set({ status: TransferStatus.Revoked, updated_at: new Date() })
      .where('id', '=', task.rejection_of)
      .where('status', 'in', WAITING)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: null,
      type: 'transfer',
      operation: 'revoke',
      content: { task_id: task.rejection_of, by_rejection: task.id, tx_hash: txHash },
    });
    return;
  }
  // The transfer used the nonce first: a pending rejection of it is cancelled (10).
  await trx
    .updateTable('tasks')
    .set({ status: TransferStatus.UserCancelled, updated_at: new Date() })
    .where('rejection_of', '=', task.id)
    .where('status', 'in', WAITING)
    .execute();
  // The original this one replaced, and any replacement of this one, spent the same coins.
  if (task.replaces) await endReplacedOriginal(trx, task.replaces, number);
  await trx
    .updateTable('tasks')
    .set({
      status: TransferStatus.UserCancelled,
      failure_reason: `${number} confirmed first`,
      updated_at: new Date(),
    })
    .where('replaces', '=', task.id)
    .where('status', 'in', [...WAITING, TransferStatus.OnChain])
    .execute();
}

/** A completed transfer whose block left the main chain: on chain again (6), its out-record gone. */
export async function reopenReorged(ctx: AppContext, task: Task): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('tasks')
      .set({ status: TransferStatus.OnChain, block_hash: null, block_number: null, updated_at: new Date() })
      .where('id', '=', task.id)
      .where('status', '=', TransferStatus.Completed)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('task_broadcasts')
      .set({ status: BroadcastStatus.Pending })
      .where('task_id', '=', task.id)
      .where('tx_hash', '=', task.exec_tx_hash!)
      .execute();
    await trx
      .deleteFrom('transfer_records')
      .where('task_id', '=', task.id)
      .where('direction', '=', 2)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: null,
      type: 'transfer',
      operation: 'reorged',
      content: { task_id: task.id, tx_hash: task.exec_tx_hash, block_hash: task.block_hash },
    });
    return true;
  });
}

/**
 * The out-records of an executed transfer: one for a single transfer, one per row for a batch
 * (its rows keep negative log indexes by position, as they are calls inside one transaction).
 */
async function recordPaidOut(trx: Kysely<Database>, task: WatchedTask, txHash: string, block: bigint) {
  const common = {
    organization_id: task.organization_id,
    wallet_id: task.wallet_id!,
    chain_key: task.chain_key!,
    direction: 2,
    tx_hash: txHash,
    from_address: task.wallet_address ?? '',
    block_number: block.toString(),
    task_id: task.id,
  };
  const rows =
    task.type === BATCH_TASK
      ? (await batchOutputs(trx, task.id)).map((row) => ({
          ...common,
          log_index: -1 - row.position,
          to_address: row.to_address,
          token_key: row.token_key,
          symbol: row.symbol,
          decimals: row.decimals,
          amount: row.amount,
        }))
      : task.amount && BigInt(task.amount) > 0n
        ? [
            {
              ...common,
              log_index: -1,
              to_address: task.to_address!,
              token_key: task.token_key!,
              symbol: task.symbol!,
              decimals: task.decimals!,
              amount: task.amount,
            },
          ]
        : [];
  for (let start = 0; start < rows.length; start += 500)
    await trx
      .insertInto('transfer_records')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) => oc.doNothing())
      .execute();
}
