import type { FamilyAdapter, FollowedTransaction } from '@keystead/chains';
import type { AppContext } from '../context';
import { BroadcastStatus, relayBroadcast } from '../modules/transfers/broadcast-relay';
import { storedTransfer } from '../modules/transfers/transfer-family';
import { TransferStatus, TRANSFER_TYPES } from '../modules/transfers/transfer-status';
import { reopenReorged, settleTransfer, type WatchedTask } from '../modules/transfers/transfer-settle';

/** An attempt the node has not seen this long after it was stored is sent (again). */
const RESEND_AFTER_MS = 15_000;
const DAY_MS = 86_400_000;

/**
 * Follows transfers on chain, for every family: broadcast ones (6) to completed (1) or failed
 * (2); among several attempts the mined one wins. An attempt the node does not know — the
 * process died before or while sending, or the node dropped it — is sent again; one the node
 * knows never is, and an older attempt replaced on purpose never is. For a day it also watches
 * completed transfers whose block it knows until the family's finality depth buries it (a reorg
 * before that sends them back to 6) and originals a
 * replacement cancelled (if the original is mined after all, it is the one that counts).
 * Guarded by status, so a second runner changes nothing; the scheduler runs it in one process.
 */
export async function followTransfers(ctx: AppContext): Promise<number> {
  const since = new Date(Date.now() - DAY_MS);
  const tasks = await ctx.db
    .selectFrom('tasks')
    .innerJoin('wallets as w', 'w.id', 'tasks.wallet_id')
    .selectAll('tasks')
    .select('w.address as wallet_address')
    .where('tasks.type', 'in', TRANSFER_TYPES)
    .where((eb) =>
      eb.or([
        eb('tasks.status', '=', TransferStatus.OnChain),
        eb.and([
          eb('tasks.status', '=', TransferStatus.Completed),
          eb('tasks.block_hash', 'is not', null),
          eb('tasks.final_at', 'is', null),
          eb('tasks.updated_at', '>', since),
        ]),
        eb.and([
          eb('tasks.status', '=', TransferStatus.UserCancelled),
          eb('tasks.exec_tx_hash', 'is not', null),
          eb('tasks.updated_at', '>', since),
        ]),
      ]),
    )
    .execute();
  let changed = 0;
  for (const task of tasks) {
    let adapter: FamilyAdapter;
    try {
      adapter = ctx.chains.family(task.chain_key!);
    } catch {
      continue;
    }
    if (await followOne(ctx, adapter, task)) changed += 1;
  }
  return changed;
}

async function followOne(ctx: AppContext, adapter: FamilyAdapter, task: WatchedTask): Promise<boolean> {
  const stored = storedTransfer(task);
  const follow = (hash: string, knownBlock?: string): Promise<FollowedTransaction | null> =>
    adapter.follow(hash, stored, knownBlock).catch(() => null);
  if (task.status === TransferStatus.Completed) {
    const result = await follow(task.exec_tx_hash!, task.block_hash!);
    if (!result) return false;
    if (result.state === 'executed') {
      const final = (result.confirmations ?? 0) >= adapter.capabilities.finalityDepth;
      if (final || (result.blockHash && result.blockHash !== task.block_hash)) {
        await ctx.db
          .updateTable('tasks')
          .set({
            block_hash: result.blockHash ?? task.block_hash,
            block_number: result.blockNumber?.toString() ?? task.block_number,
            ...(final ? { final_at: new Date() } : {}),
          })
          .where('id', '=', task.id)
          .execute();
      }
      return false;
    }
    // Its block left the main chain and no other block has it: on chain again, waiting.
    return reopenReorged(ctx, task);
  }
  if (task.status === TransferStatus.UserCancelled) {
    const result = await follow(task.exec_tx_hash!);
    if (result?.state !== 'executed') return false;
    // The coins left with this transaction after all: it is the one that counts.
    await ctx.db
      .updateTable('tasks')
      .set({ status: TransferStatus.OnChain, failure_reason: null })
      .where('id', '=', task.id)
      .where('status', '=', TransferStatus.UserCancelled)
      .execute();
    return settleTransfer(ctx, { ...task, status: TransferStatus.OnChain }, 0, task.exec_tx_hash!, result);
  }
  const attempts = await ctx.db
    .selectFrom('task_broadcasts')
    .selectAll()
    .where('task_id', '=', task.id)
    .where('status', '=', BroadcastStatus.Pending)
    .orderBy('id')
    .execute();
  const candidates = attempts.length
    ? attempts
    : [{ id: 0, tx_hash: task.exec_tx_hash!, raw_tx: null, sent_at: new Date(0), created_at: new Date(0) }];
  for (const [index, attempt] of candidates.entries()) {
    const result = await follow(attempt.tx_hash);
    if (!result) continue;
    if (result.state === 'executed' || result.state === 'failed') {
      return settleTransfer(ctx, task, attempt.id, attempt.tx_hash, result);
    }
    // Only the newest attempt is ever sent again: an older one was replaced on purpose.
    const newest = index === candidates.length - 1;
    const lastTouch = (attempt.sent_at ?? attempt.created_at).getTime();
    const lost = result.state === 'unknown' || result.state === 'reorged';
    if (newest && lost && attempt.raw_tx && Date.now() - lastTouch > RESEND_AFTER_MS) {
      await relayBroadcast(ctx, attempt.id).catch((error: unknown) =>
        ctx.log.warn({ err: error, task_id: task.id }, 'broadcast resend refused'),
      );
    }
  }
  return false;
}
