import { sql, type Kysely } from 'kysely';
import type { RecoveryChainState } from '@keystead/chains';
import { EmergencyRecoveryState } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database, Wallet } from '../../db/schema';
import { jsonColumn } from '../../lib/json-column';
import { DAPP_TASK } from '../dapp/dapp-task';
import { family, familyWallet } from '../transfers/transfer-family';
import { ACTIVE_STATUSES } from '../transfers/transfer-status';
import { recoveryOps } from './recovery-access';
import { ownersAndAdmins, tellAboutWallet } from './recovery-news';
import { isLive, queueWindow, storedQueued, type StoredQueued } from './recovery-queue';
import { memberSignerAddress, recoveryOf, type RecoveryRow } from './recovery-repository';

const { NotEnabled, AllowedByAdmin, Enabled, PendingRestore } = EmergencyRecoveryState;
const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Reads the wallet's delay module on chain and brings the stored recovery to it: its state, the
 * queued recoveries still live, the owners a run recovery swapped; tells owners, admins and the
 * recoverer of each change. The chain is read outside the transaction; the row is then locked
 * and compared with what it held, so the watcher and a user's refresh never announce twice.
 */
export async function refreshRecovery(ctx: AppContext, walletId: number): Promise<void> {
  const recovery = await recoveryOf(ctx.db, walletId);
  if (!recovery) return;
  const wallet = await ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('id', '=', walletId)
    .executeTakeFirstOrThrow();
  const ops = recoveryOps(ctx, wallet.chain_key);
  const read = await family(() => ops.read(familyWallet(wallet), recovery.delay_address));
  const enabledBlock = read.enabled ? await enabledFrom(ctx, recovery, read) : null;
  const queued =
    enabledBlock !== null && read.queueNonce > read.txNonce
      ? await family(() =>
          ops.queued(familyWallet(wallet), recovery.delay_address, enabledBlock, read.txNonce),
        )
      : [];
  const live = queued.map(storedQueued).filter((q) => isLive(q, recovery, read.chainTime));
  const enabling = read.enabled ? false : await enableTaskActive(ctx, recovery);

  await ctx.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('wallet_recoveries')
      .select(['queued'])
      .where('wallet_id', '=', walletId)
      .forUpdate()
      .executeTakeFirst();
    if (!held) return;
    const before = await trx
      .selectFrom('wallets')
      .select('recovery_state')
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow();
    const heldQueued = jsonColumn<StoredQueued[]>(held.queued);
    const state = read.enabled
      ? live.length
        ? PendingRestore
        : Enabled
      : enabling
        ? AllowedByAdmin
        : NotEnabled;
    await trx
      .updateTable('wallets')
      .set({ recovery_state: state, recovery_module: state === NotEnabled ? null : recovery.delay_address })
      .where('id', '=', walletId)
      .execute();
    if (state === NotEnabled) {
      await trx.deleteFrom('wallet_recoveries').where('wallet_id', '=', walletId).execute();
    } else {
      await trx
        .updateTable('wallet_recoveries')
        .set({
          tx_nonce: read.txNonce,
          queue_nonce: read.queueNonce,
          queued: JSON.stringify(live),
          enabled_block: enabledBlock?.toString() ?? null,
          chain_time: new Date(read.chainTime * 1000),
          checked_at: new Date(),
        })
        .where('wallet_id', '=', walletId)
        .execute();
    }
    const gone = heldQueued.filter((q) => !live.some((l) => l.queue_nonce === q.queue_nonce));
    const ran = gone.filter((q) => q.queue_nonce < read.txNonce && swapped(q, read));
    for (const q of ran) await swapSigner(trx, wallet, q);
    const news = announcements(before.recovery_state, state, recovery, heldQueued, live, gone, ran);
    await tell(ctx, trx, wallet, recovery, news);
  });
}

/** The block the module's queue is read from: stored, else the enabling task's block (or genesis). */
async function enabledFrom(
  ctx: AppContext,
  recovery: RecoveryRow,
  read: RecoveryChainState,
): Promise<bigint> {
  if (recovery.enabled_block !== null) return BigInt(recovery.enabled_block);
  const task = await ctx.db
    .selectFrom('tasks')
    .select('block_number')
    .where('wallet_id', '=', recovery.wallet_id)
    .where('type', '=', DAPP_TASK)
    .where(sql`data->'dapp'->>'action'`, '=', 'recovery_enable')
    .where(sql`lower(data->'dapp'->>'delay')`, '=', recovery.delay_address.toLowerCase())
    .where('block_number', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const block = task?.block_number ? BigInt(task.block_number) : 0n;
  return block <= read.blockNumber ? block : read.blockNumber;
}

/** The enabling task is still on its way (approval, signing, broadcast). */
async function enableTaskActive(ctx: AppContext, recovery: RecoveryRow): Promise<boolean> {
  const task = await ctx.db
    .selectFrom('tasks')
    .select('id')
    .where('wallet_id', '=', recovery.wallet_id)
    .where('type', '=', DAPP_TASK)
    .where('status', 'in', ACTIVE_STATUSES)
    .where(sql`data->'dapp'->>'action'`, '=', 'recovery_enable')
    .executeTakeFirst();
  return task !== undefined;
}

/** A queued swap that ran: its new owner is an owner now, the lost one is not. */
const swapped = (q: StoredQueued, read: RecoveryChainState) =>
  q.lost_owner !== null &&
  read.owners.some((o) => same(o, q.new_owner)) &&
  !read.owners.some((o) => same(o, q.lost_owner));

/** The wallet's signer rows follow a run recovery: the lost key out, the member's new key in. */
async function swapSigner(trx: Kysely<Database>, wallet: Wallet, q: StoredQueued) {
  await trx
    .deleteFrom('wallet_signers')
    .where('wallet_id', '=', wallet.id)
    .where(sql`lower(address)`, '=', q.lost_owner!.toLowerCase())
    .execute();
  const member = await memberSignerAddress(trx, wallet.organization_id, q.new_owner!);
  if (!member) return;
  await trx
    .insertInto('wallet_signers')
    .values({
      wallet_id: wallet.id,
      signer_address_id: member.id,
      user_id: member.user_id,
      address: member.address,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

interface News {
  title: string;
  body: string;
}

/** What changed, in words, for the people of the wallet. */
function announcements(
  before: string,
  state: string,
  recovery: RecoveryRow,
  heldQueued: StoredQueued[],
  live: StoredQueued[],
  gone: StoredQueued[],
  ran: StoredQueued[],
): News[] {
  const news: News[] = [];
  if (before === AllowedByAdmin && (state === Enabled || state === PendingRestore))
    news.push({
      title: 'Emergency recovery enabled',
      body: `${recovery.recoverer_address} may now queue an owner replacement, which runs only after ${recovery.cooldown_seconds / 3600} h.`,
    });
  for (const q of live.filter((l) => !heldQueued.some((h) => h.queue_nonce === l.queue_nonce))) {
    const at = new Date(queueWindow(q, recovery).executableAt * 1000).toISOString();
    news.push({
      title: 'Emergency recovery queued',
      body: q.lost_owner
        ? `Owner ${q.lost_owner} is to be replaced by ${q.new_owner}. It can run from ${at}; until then the owners can veto it. The wallet signs nothing else meanwhile.`
        : `A transaction to ${q.to} was queued on the recovery module. It can run from ${at}; until then the owners can veto it.`,
    });
  }
  for (const q of gone)
    news.push(
      ran.includes(q)
        ? {
            title: 'Emergency recovery executed',
            body: `Owner ${q.lost_owner} was replaced by ${q.new_owner}.`,
          }
        : {
            title: 'Emergency recovery cancelled',
            body: 'The queued recovery was vetoed or expired; the owners are unchanged.',
          },
    );
  if (before !== NotEnabled && state === NotEnabled && before !== AllowedByAdmin)
    news.push({
      title: 'Emergency recovery disabled',
      body: 'The recovery module is no longer enabled on the wallet.',
    });
  return news;
}

/** Each owner, admin and the recoverer hears of each change, in the notification centre and by mail. */
async function tell(
  ctx: AppContext,
  trx: Kysely<Database>,
  wallet: Wallet,
  recovery: RecoveryRow,
  news: News[],
) {
  if (!news.length) return;
  const people = ownersAndAdmins(trx, wallet).union(
    trx
      .selectFrom('wallet_recoveries')
      .select(sql<number>`recoverer_user_id`.as('user_id'))
      .where('wallet_id', '=', recovery.wallet_id)
      .where('recoverer_user_id', 'is not', null),
  );
  for (const item of news) await tellAboutWallet(ctx, trx, wallet, people, item);
}
