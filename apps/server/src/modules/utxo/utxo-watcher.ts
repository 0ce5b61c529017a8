import type { AppContext } from '../../context';
import type { Task } from '../../db/schema';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { BroadcastStatus } from '../transfers/broadcast-relay';
import { taskNumber } from '../transfers/transfer-create';
import { TransferStatus, TRANSFER_TASK } from '../transfers/transfer-status';
import { relayUtxoBroadcast } from './utxo-broadcast';

const RESEND_AFTER_MS = 15_000;
/** Completed transfers are re-checked for reorgs until this deep. */
const REORG_DEPTH = 6;

/**
 * Follows Bitcoin-family transfers: 6 → 1 when the txid is in a block; a stored attempt the node
 * does not know (crash before or during the send, or dropped) is sent again; a completed one
 * whose block left the main chain goes back to 6 (and is sent again if the node lost it).
 */
export async function followUtxoTransfers(ctx: AppContext): Promise<number> {
  const chains = ctx.chains
    .list()
    .filter((e) => e.family === 'BTC')
    .map((e) => String(e.chainId));
  if (chains.length === 0) return 0;
  const tasks = await ctx.db
    .selectFrom('tasks')
    .selectAll()
    .where('type', '=', TRANSFER_TASK)
    .where('chain_key', 'in', chains)
    .where((eb) =>
      eb.or([
        eb('status', '=', TransferStatus.OnChain),
        eb.and([
          eb('status', '=', TransferStatus.Completed),
          eb('block_hash', 'is not', null),
          eb('updated_at', '>', new Date(Date.now() - 86_400_000)),
        ]),
        // A broadcast original its speed-up replaced: if the replacement is dropped, it may still be mined.
        eb.and([
          eb('status', '=', TransferStatus.UserCancelled),
          eb('exec_tx_hash', 'is not', null),
          eb('updated_at', '>', new Date(Date.now() - 86_400_000)),
        ]),
      ]),
    )
    .execute();
  let changed = 0;
  for (const task of tasks) {
    const adapter = ctx.chains.utxoChain(task.chain_key!);
    const txid = task.exec_tx_hash;
    if (!txid) continue;
    const status = await adapter
      .getTransactionStatus(txid, task.status === TransferStatus.Completed ? task.block_hash! : undefined)
      .catch(() => null);
    if (!status) continue;
    if (task.status === TransferStatus.Completed) {
      if (status.state === 'confirmed') {
        if (status.blockHash !== task.block_hash) {
          await ctx.db
            .updateTable('tasks')
            .set({ block_hash: status.blockHash!, block_number: String(status.blockHeight) })
            .where('id', '=', task.id)
            .execute();
        }
        // Deep enough: stop watching it (block_hash stays; the window closes by updated_at).
        if (status.confirmations >= REORG_DEPTH) continue;
        continue;
      }
      // Its block left the main chain and no other block has it: on chain again, waiting.
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tasks')
          .set({
            status: TransferStatus.OnChain,
            block_hash: null,
            block_number: null,
            updated_at: new Date(),
          })
          .where('id', '=', task.id)
          .where('status', '=', TransferStatus.Completed)
          .execute();
        await trx
          .updateTable('task_broadcasts')
          .set({ status: BroadcastStatus.Pending })
          .where('task_id', '=', task.id)
          .where('tx_hash', '=', txid)
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
          content: { task_id: task.id, tx_hash: txid, block_hash: task.block_hash },
        });
      });
      changed += 1;
      continue;
    }
    if (task.status === TransferStatus.UserCancelled) {
      // The coins left with this transaction after all: it is the one that counts.
      if (status.state === 'confirmed') {
        await ctx.db
          .updateTable('tasks')
          .set({ status: TransferStatus.OnChain, failure_reason: null })
          .where('id', '=', task.id)
          .where('status', '=', TransferStatus.UserCancelled)
          .execute();
        if (
          await settle(
            ctx,
            { ...task, status: TransferStatus.OnChain },
            txid,
            status.blockHash!,
            status.blockHeight!,
          )
        )
          changed += 1;
      }
      continue;
    }
    if (status.state === 'confirmed') {
      if (await settle(ctx, task, txid, status.blockHash!, status.blockHeight!)) changed += 1;
      continue;
    }
    if (status.state === 'unknown' || status.state === 'reorged') {
      const attempt = await ctx.db
        .selectFrom('task_broadcasts')
        .selectAll()
        .where('task_id', '=', task.id)
        .where('tx_hash', '=', txid)
        .where('status', '=', BroadcastStatus.Pending)
        .executeTakeFirst();
      if (
        attempt?.raw_tx &&
        Date.now() - (attempt.sent_at ?? attempt.created_at).getTime() > RESEND_AFTER_MS
      ) {
        await relayUtxoBroadcast(ctx, attempt.id).catch((error: unknown) =>
          ctx.log.warn({ err: error, task_id: task.id }, 'utxo broadcast resend refused'),
        );
      }
    }
  }
  return changed;
}

async function settle(
  ctx: AppContext,
  task: Task,
  txid: string,
  blockHash: string,
  blockHeight: number,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('tasks')
      .set({
        status: TransferStatus.Completed,
        block_hash: blockHash,
        block_number: String(blockHeight),
        failure_reason: null,
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .where('status', '=', TransferStatus.OnChain)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('task_broadcasts')
      .set({ status: BroadcastStatus.Success })
      .where('task_id', '=', task.id)
      .where('tx_hash', '=', txid)
      .execute();
    // The replaced original (or a replacement of this one) can never confirm now.
    if (task.replaces)
      await trx
        .updateTable('tasks')
        .set({
          status: TransferStatus.UserCancelled,
          failure_reason: `replaced by ${taskNumber(task.id)}`,
          updated_at: new Date(),
        })
        .where('id', '=', task.replaces)
        .where('status', 'in', [TransferStatus.OnChain])
        .execute();
    await trx
      .updateTable('tasks')
      .set({
        status: TransferStatus.UserCancelled,
        failure_reason: `${taskNumber(task.id)} confirmed first`,
        updated_at: new Date(),
      })
      .where('replaces', '=', task.id)
      .where('status', 'in', [
        TransferStatus.PendingApproval,
        TransferStatus.PendingSignature,
        TransferStatus.PendingBroadcast,
        TransferStatus.OnChain,
      ])
      .execute();
    const wallet = await trx
      .selectFrom('wallets')
      .select('address')
      .where('id', '=', task.wallet_id!)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('transfer_records')
      .values({
        organization_id: task.organization_id,
        wallet_id: task.wallet_id!,
        chain_key: task.chain_key!,
        direction: 2,
        tx_hash: txid,
        log_index: -1,
        from_address: wallet.address ?? '',
        to_address: task.to_address!,
        token_key: 'native',
        symbol: task.symbol!,
        decimals: task.decimals!,
        amount: task.amount!,
        block_number: String(blockHeight),
        task_id: task.id,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: null,
      type: 'transfer',
      operation: 'completed',
      content: { task_id: task.id, tx_hash: txid, block_hash: blockHash },
    });
    if (task.created_by) {
      await notify(
        trx,
        {
          userId: task.created_by,
          organizationId: task.organization_id,
          category: 'transfer',
          topic: 'task',
          title: `Transfer ${taskNumber(task.id)} completed`,
          body: `Confirmed in ${txid}.`,
          taskNumber: taskNumber(task.id),
        },
        Boolean(ctx.config.SMTP_URL),
      );
    }
    return true;
  });
}
