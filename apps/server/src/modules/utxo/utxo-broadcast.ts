import type { FastifyRequest } from 'fastify';
import { finalizePsbt, isBitcoinError, type BitcoinChainKey } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import type { WalletRelation } from '../policy/policy';
import { BroadcastStatus } from '../transfers/broadcast-relay';
import { assertMayBroadcast } from '../transfers/transfer-broadcast';
import { taskNumber } from '../transfers/transfer-create';
import { lockTask } from '../transfers/transfer-steps';
import { TransferStatus } from '../transfers/transfer-status';
import { toAppError } from './utxo-errors';

/**
 * Broadcast of a Bitcoin-family transfer: the server finalizes the PSBT (at least m verified
 * signatures per input, else refused and the task stays where it is), then — the outbox rule —
 * stores the raw transaction and its txid and moves the task to 6 in one transaction BEFORE it
 * is sent. A crash in between is repaired by the watcher, which asks the node for the txid
 * before sending again (and the node treats known bytes as success).
 */
export async function broadcastUtxoTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  loaded: { task: Task; wallet: Wallet; relation: WalletRelation },
) {
  const { user } = requireUser(request);
  const { member } = requireSpace(request);
  const { task, wallet, relation } = loaded;
  assertMayBroadcast(task, wallet, relation, user.id, member.role);
  if (task.status === TransferStatus.OnChain) throw new AppError('TX_ALREADY_BROADCAST_ERROR');
  if (task.status === TransferStatus.Completed || task.status === TransferStatus.Failed)
    throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  if (!task.psbt) throw new AppError('TASK_STATUS_ERROR');
  let final;
  try {
    final = finalizePsbt(task.psbt, wallet.chain_key as BitcoinChainKey);
  } catch (error) {
    // Too few signatures (e.g. one signer of a 2-of-3): refused, nothing changes.
    if (isBitcoinError(error, 'SIGNATURES_BELOW_THRESHOLD'))
      throw new AppError(
        'TASK_STATUS_ERROR',
        {},
        { reason: 'signatures_below_threshold', detail: error.message },
      );
    throw toAppError(error);
  }
  if (task.status !== TransferStatus.PendingBroadcast) throw new AppError('TASK_STATUS_ERROR');
  if (task.replaces) {
    const original = await ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', task.replaces)
      .executeTakeFirstOrThrow();
    if (original.status === TransferStatus.Completed) throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  }

  const attemptId = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    const duplicate = await trx
      .selectFrom('task_broadcasts')
      .select('id')
      .where('tx_hash', '=', final.txid)
      .executeTakeFirst();
    if (duplicate)
      throw new AppError(
        locked.status === TransferStatus.OnChain
          ? 'TX_ALREADY_BROADCAST_ERROR'
          : 'BROADCAST_DUPLICATED_ERROR',
      );
    if (locked.status !== TransferStatus.PendingBroadcast)
      throw new AppError(
        locked.status === TransferStatus.OnChain ? 'TX_ALREADY_BROADCAST_ERROR' : 'TASK_STATUS_ERROR',
      );
    const row = await trx
      .insertInto('task_broadcasts')
      .values({
        task_id: task.id,
        tx_hash: final.txid,
        from_address: '',
        account_nonce: '-1',
        max_fee_per_gas: final.fee.toString(),
        raw_tx: final.hex,
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('tasks')
      .set({
        status: TransferStatus.OnChain,
        exec_tx_hash: final.txid,
        fee_sat: final.fee.toString(),
        vsize: final.vsize,
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: task.replaces ? 'speed_up' : 'broadcast',
      ip: request.ip,
      content: {
        task_id: task.id,
        tx_hash: final.txid,
        fee_sat: final.fee.toString(),
        vsize: final.vsize,
        replaces: task.replaces,
      },
    });
    return row.id;
  });
  await relayUtxoBroadcast(ctx, attemptId);
  return { status: TransferStatus.OnChain, tx_hash: final.txid };
}

/**
 * Sends one stored attempt (counted before sending). The node's "already known / in chain" is
 * success. A refusal fails the attempt and returns the task to 5. When a replacement is accepted
 * the original it replaces was evicted from the mempool: the original becomes 10 (its inputs
 * were taken by another broadcast) and its attempts "replaced".
 */
export async function relayUtxoBroadcast(ctx: AppContext, attemptId: number): Promise<void> {
  const attempt = await ctx.db
    .selectFrom('task_broadcasts as b')
    .innerJoin('tasks as t', 't.id', 'b.task_id')
    .select(['b.id', 'b.task_id', 'b.raw_tx', 'b.tx_hash', 't.chain_key', 't.organization_id', 't.replaces'])
    .where('b.id', '=', attemptId)
    .executeTakeFirstOrThrow();
  if (!attempt.raw_tx) return;
  const adapter = ctx.chains.utxoChain(attempt.chain_key!);
  await ctx.db
    .updateTable('task_broadcasts')
    .set((eb) => ({ send_count: eb('send_count', '+', 1) }))
    .where('id', '=', attempt.id)
    .execute();
  try {
    await adapter.broadcast(attempt.raw_tx);
  } catch (error) {
    if (isBitcoinError(error, 'RPC_ERROR')) return; // node unreachable: the watcher sends again
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('task_broadcasts')
        .set({ status: BroadcastStatus.Failed })
        .where('id', '=', attempt.id)
        .where('status', '=', BroadcastStatus.Pending)
        .execute();
      await trx
        .updateTable('tasks')
        .set({ status: TransferStatus.PendingBroadcast, exec_tx_hash: null, updated_at: new Date() })
        .where('id', '=', attempt.task_id)
        .where('status', '=', TransferStatus.OnChain)
        .execute();
      await writeAudit(trx, {
        organizationId: attempt.organization_id,
        userId: null,
        type: 'transfer',
        operation: 'broadcast_refused',
        content: { task_id: attempt.task_id, reason: String((error as Error).message).slice(0, 300) },
      });
    });
    throw toAppError(error);
  }
  // The exactly-once test kills the process here: sent, not yet recorded.
  if (ctx.config.FAULT_KILL_AFTER_BROADCAST_SEND) process.kill(process.pid, 'SIGKILL');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('task_broadcasts')
      .set({ sent_at: new Date() })
      .where('id', '=', attempt.id)
      .where('sent_at', 'is', null)
      .execute();
    if (attempt.replaces) {
      const moved = await trx
        .updateTable('tasks')
        .set({
          status: TransferStatus.UserCancelled,
          failure_reason: `replaced by ${taskNumber(attempt.task_id)}`,
          updated_at: new Date(),
        })
        .where('id', '=', attempt.replaces)
        .where('status', '=', TransferStatus.OnChain)
        .executeTakeFirst();
      await trx
        .updateTable('task_broadcasts')
        .set({ status: BroadcastStatus.Replaced })
        .where('task_id', '=', attempt.replaces)
        .where('status', '=', BroadcastStatus.Pending)
        .execute();
      if (Number(moved.numUpdatedRows) === 1) {
        await writeAudit(trx, {
          organizationId: attempt.organization_id,
          userId: null,
          type: 'transfer',
          operation: 'replaced',
          content: { task_id: attempt.replaces, by_task: attempt.task_id, tx_hash: attempt.tx_hash },
        });
      }
    }
  });
}
