import type { AppContext } from '../context';
import { advanceCursor, nextScanRange } from './chain-cursor';
import { notify } from '../modules/notifications/notification.service';
import { formatUnits } from '../modules/wallets/decimal';
import { chainTokens } from '../modules/wallets/wallet-assets';
import { WalletStatus } from '../modules/wallets/wallet-status';
import { familyWallet } from '../modules/transfers/transfer-family';
import { readApprovals, recordApprovals } from '../modules/dapp/approval-scan';
import { groupBy } from '../lib/group-by';

/**
 * Records incoming native and token transfers to the space wallets (through each family's
 * deposit scan) as on-chain records with direction in (1), and the token approvals the wallets
 * granted in the same blocks. Each chain has a cursor; the cursor moves only if it still holds what this
 * run read (so concurrent processes do not skip blocks), and a record is unique per
 * (wallet, tx, log), so reading a range twice adds nothing.
 */
export async function recordDeposits(ctx: AppContext): Promise<number> {
  const wallets = await ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('address', 'is not', null)
    .where('archived_at', 'is', null)
    // Wallets still being set up take deposits too (a Safe before deployment, a Tron account's top-up).
    .where('status', 'in', [
      WalletStatus.Normal,
      WalletStatus.Initializing,
      WalletStatus.DeployPending,
      WalletStatus.TrxNeededForActivation,
      WalletStatus.PermissionChangePending,
      WalletStatus.PermissionChanging,
    ])
    .execute();
  const byChain = groupBy(wallets, (wallet) => wallet.chain_key);
  let recorded = 0;
  for (const [chainKey, list] of byChain) {
    let scanned;
    try {
      scanned = ctx.chains.family(chainKey);
    } catch {
      continue; // not a chain served here
    }
    const scan = scanned.deposits;
    if (!scan) continue; // a family without a deposit scan yet
    const latest = await scan.tip().catch(() => null);
    if (latest === null) continue;
    const range = await nextScanRange(ctx.db, chainKey, 'deposits', latest, scan.blocksPerScan);
    if (!range) continue;
    const { cursor, from, to } = range;
    const tokens = await watchedTokens(
      ctx,
      chainKey,
      list.map((w) => w.id),
    );
    const incoming = await scan
      .transfersTo(
        list.map((w) => familyWallet(w)),
        [...tokens.values()],
        from,
        to,
      )
      .catch(() => null);
    const approvals = await readApprovals(scanned, list, from, to);
    if (!incoming || !approvals) continue;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await advanceCursor(trx, chainKey, 'deposits', cursor, to + 1n))) return; // another process read this range
      await recordApprovals(trx, list, approvals);
      for (const transfer of incoming) {
        const wallet = list.find((w) => w.address!.toLowerCase() === transfer.wallet.toLowerCase());
        const token = tokens.get(transfer.token ? transfer.token.toLowerCase() : 'native');
        if (!wallet || !token) continue;
        const inserted = await trx
          .insertInto('transfer_records')
          .values({
            organization_id: wallet.organization_id,
            wallet_id: wallet.id,
            chain_key: chainKey,
            direction: 1,
            tx_hash: transfer.txHash,
            log_index: transfer.logIndex ?? -1,
            from_address: transfer.from,
            to_address: transfer.to,
            token_key: token.key,
            symbol: token.symbol,
            decimals: token.decimals,
            amount: transfer.amount.toString(),
            block_number: transfer.blockNumber.toString(),
            task_id: null,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
        recorded += 1;
        const members = await trx
          .selectFrom('wallet_members')
          .select('user_id')
          .where('wallet_id', '=', wallet.id)
          .where('role', '=', 'operator')
          .execute();
        for (const { user_id } of members) {
          await notify(
            trx,
            {
              userId: user_id,
              organizationId: wallet.organization_id,
              category: 'transfer',
              topic: 'wallet',
              title: `Deposit to ${wallet.name}`,
              body: `${formatUnits(transfer.amount, token.decimals)} ${token.symbol} from ${transfer.from}.`,
              walletName: wallet.name,
            },
            false,
          );
        }
      }
    });
  }
  return recorded;
}

/** The tokens to watch on one chain: every custom token of these wallets too, in one query. */
async function watchedTokens(ctx: AppContext, chainKey: string, walletIds: number[]) {
  const custom = await ctx.db
    .selectFrom('wallet_tokens')
    .select(['contract', 'symbol', 'decimals'])
    .where('wallet_id', 'in', walletIds)
    .execute();
  return new Map(chainTokens(ctx, chainKey, custom).map((token) => [token.key, token]));
}
