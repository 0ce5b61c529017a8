import { pruneVelocityHours } from '../modules/transfer-policy/policy-facts';
import { refreshExchangeBalances } from '../modules/exchanges/exchange-refresh';
import { mineWaitingTransactions } from '../modules/chains/regtest-faucet';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { settleSponsored } from '../modules/fee-payers/payment-records';
import { recordPaymentDeposits } from '../modules/fee-payers/payment-deposits';
import { watchRecoveries } from '../modules/recovery/recovery-watch';
import { watchInheritance } from '../modules/inheritance/inheritance-watch';
import { JobName } from './lock-ids';
import { startJobs, type SchedulerOptions } from './scheduler';
import { writeAudit } from '../modules/audit/audit.service';
import { notify } from '../modules/notifications/notification.service';
import { recordDeposits } from './deposit-scan';
import { refreshPrices } from '../modules/prices/prices';
import { recordSnapshots } from '../modules/assets/asset-snapshots';
import { creditSubscriptions } from '../modules/subscriptions/subscription-payments';
import { followTransfers } from './transfer-watcher';
import { timeOutUnsignedTransfers } from './signing-timeout';
import { CHAIN_RESERVE, type FamilyAdapter } from '@keystead/chains';
import { familyWallet } from '../modules/transfers/transfer-family';
import { walletTokens, walletValueUsd } from '../modules/wallets/wallet-assets';
import { SignType, TaskStatus, TaskType, WalletStatus } from '../modules/wallets/wallet-status';
import { groupBy } from '../lib/group-by';

/** Wallet statuses of a setup the chain has not shown yet (Safe deployment; Tron activation and hand-over). */
const SETTING_UP = [
  WalletStatus.AwaitingCreation,
  WalletStatus.Initializing,
  WalletStatus.DeployPending,
  WalletStatus.TrxNeededForActivation,
  WalletStatus.PermissionChangePending,
  WalletStatus.PermissionChanging,
];

/**
 * Where a setting-up wallet goes on what the chain shows: ready → normal; a Safe that is not the
 * chosen one → initializing again; an account funded → its next hand-over step awaited (13),
 * emptied before it → back to 6. A step sent (14) waits for the chain until its transaction is
 * final: then the next step (XRP: the signer list, then disabling the master key) or 6 again.
 */
export function nextSetupStatus(
  status: number,
  seen: 'ready' | 'pending' | 'different' | 'unfunded',
  sentStepFinal = false,
  /** Where a sent creation that did not take goes back to: a Safe to deploy (3), a multisig to create (4). */
  beforeSent: number = WalletStatus.Initializing,
): number {
  if (seen === 'ready') return WalletStatus.Normal;
  if (status === WalletStatus.PermissionChanging && !sentStepFinal) return status;
  if (seen === 'unfunded') return WalletStatus.TrxNeededForActivation;
  if (seen === 'pending')
    return status === WalletStatus.Initializing ||
      status === WalletStatus.DeployPending ||
      status === WalletStatus.AwaitingCreation
      ? status
      : WalletStatus.PermissionChangePending;
  // 'different': a Safe with other owners; an account whose permissions someone else changed.
  return status === WalletStatus.DeployPending ? beforeSent : status;
}

/** Whether the hand-over step a wallet at 14 sent is in the chain for good (applied or failed). */
async function sentStepFinal(
  adapter: FamilyAdapter,
  status: number,
  txHash: string | null,
): Promise<boolean> {
  if (status !== WalletStatus.PermissionChanging || !txHash) return false;
  const none = { total: null, rate: null, vsize: null };
  const followed = await adapter
    .follow(txHash, { payload: '', payloadHash: null, sequence: null, fee: none, inputs: [] })
    .catch(() => null);
  return followed?.state === 'executed' || followed?.state === 'failed';
}

/**
 * Moves initializing wallets to normal once the chain shows the Safe with the owners and
 * threshold the wizard chose — read back from the contract, never trusted from a request.
 * Idempotent and guarded by status, so every server process may run it.
 */
export async function confirmDeployments(ctx: AppContext): Promise<number> {
  const pending = await ctx.db
    .selectFrom('wallets as w')
    .innerJoin('tasks as t', (join) =>
      join.onRef('t.wallet_id', '=', 'w.id').on('t.type', '=', TaskType.WalletCreation),
    )
    .select([
      'w.id',
      'w.organization_id',
      'w.chain_key',
      'w.address',
      'w.created_by',
      'w.name',
      'w.status',
      'w.deploy_tx_hash',
      't.id as task_id',
      't.data',
    ])
    .where('w.status', 'in', SETTING_UP)
    .where('w.sign_type', '=', SignType.Multi)
    .execute();
  let confirmed = 0;
  for (const wallet of pending) {
    let adapter;
    try {
      adapter = ctx.chains.family(wallet.chain_key);
    } catch {
      continue;
    }
    const expected = wallet.data as unknown as {
      owners: string[];
      threshold: number;
      weights?: number[];
      account?: string;
    };
    const setup = await adapter.confirmSetup?.(wallet.address!, expected).catch(() => null);
    if (!setup) continue;
    const final = setup !== 'ready' && (await sentStepFinal(adapter, wallet.status, wallet.deploy_tx_hash));
    const beforeSent = adapter.sponsoredSetup ? WalletStatus.AwaitingCreation : WalletStatus.Initializing;
    const next = nextSetupStatus(wallet.status, setup, final, beforeSent);
    if (next === wallet.status) continue;
    const ok = next === WalletStatus.Normal;
    await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('wallets')
        .set({ status: next, updated_at: new Date() })
        .where('id', '=', wallet.id)
        .where('status', '=', wallet.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1 || !ok) return;
      await trx
        .updateTable('tasks')
        .set({ status: TaskStatus.Completed, updated_at: new Date() })
        .where('id', '=', wallet.task_id)
        .execute();
      await writeAudit(trx, {
        organizationId: wallet.organization_id,
        userId: null,
        type: 'wallet',
        operation: 'deployed',
        content: {
          wallet_id: wallet.id,
          address: wallet.address,
          owners: expected.owners,
          threshold: expected.threshold,
        },
      });
      await notify(
        trx,
        {
          userId: wallet.created_by,
          organizationId: wallet.organization_id,
          category: 'message',
          topic: 'wallet',
          title: `Wallet ${wallet.name} is ready`,
          body: `The wallet at ${wallet.address} is set up on chain with ${expected.owners.length} signers and ${
            expected.weights ? 'a threshold weight of' : 'threshold'
          } ${expected.threshold}.`,
          walletName: wallet.name,
        },
        Boolean(ctx.config.SMTP_URL),
      );
      confirmed += 1;
    });
  }
  return confirmed;
}

/**
 * Reads balances of every wallet on every configured chain through its family adapter: on EVM
 * one Multicall3 batch per chain whatever the number of wallets and tokens, on the Bitcoin family
 * a UTXO scan per wallet.
 */
export async function refreshBalances(ctx: AppContext, walletIds?: number[]): Promise<void> {
  let query = ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('status', '<>', WalletStatus.Archived)
    .where('address', 'is not', null);
  if (walletIds) query = query.where('id', 'in', walletIds.length ? walletIds : [0]);
  const wallets = await query.execute();
  const byChain = groupBy(wallets, (wallet) => wallet.chain_key);
  for (const [chainKey, list] of byChain) {
    let adapter;
    try {
      adapter = ctx.chains.family(chainKey);
    } catch {
      continue;
    }
    const tokensByWallet = new Map(
      await Promise.all(list.map(async (w) => [w.id, await walletTokens(ctx, ctx.db, w)] as const)),
    );
    const union = new Map<string, { contract: string | null; symbol: string; decimals: number }>();
    for (const tokens of tokensByWallet.values()) for (const token of tokens) union.set(token.key, token);
    const sheet = await adapter.readBalances(list.map(familyWallet), [...union.values()]);
    const now = new Date();
    const rows: Array<{ wallet_id: number; token_key: string; amount: string; updated_at: Date }> = [];
    const values: Array<{ id: number; value: string }> = [];
    for (const wallet of list) {
      const onChain = sheet.get(wallet.address!);
      if (!onChain) continue; // not read this time (a failed UTXO scan): keep the last balance
      const tokens = tokensByWallet.get(wallet.id)!;
      const amounts = new Map(tokens.map((token) => [token.key, (onChain.get(token.key) ?? 0n).toString()]));
      for (const [tokenKey, amount] of amounts)
        rows.push({ wallet_id: wallet.id, token_key: tokenKey, amount, updated_at: now });
      const reserve = onChain.get(CHAIN_RESERVE);
      if (reserve !== undefined)
        rows.push({
          wallet_id: wallet.id,
          token_key: CHAIN_RESERVE,
          amount: reserve.toString(),
          updated_at: now,
        });
      values.push({ id: wallet.id, value: walletValueUsd(tokens, amounts) });
    }
    for (let i = 0; i < values.length; i += 1000) {
      const chunk = values.slice(i, i + 1000);
      await sql`update wallets set value_usd = v.value::numeric from (values ${sql.join(chunk.map((c) => sql`(${c.id}::bigint, ${c.value})`))}) as v(id, value) where wallets.id = v.id`.execute(
        ctx.db,
      );
    }
    for (let i = 0; i < rows.length; i += 1000) {
      await ctx.db
        .insertInto('wallet_balances')
        .values(rows.slice(i, i + 1000))
        .onConflict((oc) =>
          // Unchanged balances are not rewritten: most refreshes change few rows.
          oc
            .columns(['wallet_id', 'token_key'])
            .doUpdateSet({ amount: sql`excluded.amount`, updated_at: sql`excluded.updated_at` })
            .where(sql<boolean>`wallet_balances.amount <> excluded.amount`),
        )
        .execute();
    }
  }
}

/** Development: each local regtest node mines a block when transactions wait in its mempool. */
export async function mineRegtest(ctx: AppContext): Promise<number> {
  let mined = 0;
  for (const endpoint of ctx.chains.list())
    if (endpoint.family === 'BTC' && endpoint.isDevnet && (await mineWaitingTransactions(endpoint)))
      mined += 1;
  return mined;
}

/**
 * The wallet jobs every server process schedules: deployments and transfer watchers every 2 s,
 * deposit scans every 6 s, balances every BALANCE_REFRESH_SECONDS, prices every PRICE_REFRESH_SECONDS
 * (and at start), asset snapshots every SNAPSHOT_EVERY_SECONDS, exchange balances every
 * EXCHANGE_REFRESH_SECONDS. Each runs where it is claimed (jobs/scheduler.ts), so N processes
 * poll each chain once per interval, not N times.
 */
export function startWalletJobs(
  ctx: AppContext,
  options: {
    deployMs: number;
    balanceMs: number;
    pricesMs?: number;
    snapshotMs?: number;
    /** Exchange balances (0 = off). */
    exchangeMs?: number;
  } & SchedulerOptions = {
    deployMs: 2000,
    balanceMs: ctx.config.BALANCE_REFRESH_SECONDS * 1000,
  },
): () => Promise<void> {
  const {
    deployMs,
    balanceMs,
    pricesMs = ctx.config.PRICE_REFRESH_SECONDS * 1000,
    snapshotMs = ctx.config.SNAPSHOT_EVERY_SECONDS * 1000,
    exchangeMs = ctx.config.EXCHANGE_REFRESH_SECONDS * 1000,
    ...scheduler
  } = options;
  return startJobs(
    ctx,
    [
      { name: JobName.ConfirmDeployments, everyMs: deployMs, run: confirmDeployments },
      { name: JobName.FollowTransfers, everyMs: deployMs, run: followTransfers },
      { name: JobName.RecordDeposits, everyMs: deployMs * 3, run: recordDeposits },
      {
        name: JobName.SigningTimeout,
        everyMs: deployMs * 3,
        run: (jobCtx) => timeOutUnsignedTransfers(jobCtx),
      },
      { name: JobName.RefreshBalances, everyMs: balanceMs, run: (jobCtx) => refreshBalances(jobCtx) },
      { name: JobName.SettleSponsored, everyMs: deployMs * 3, run: settleSponsored },
      { name: JobName.WatchRecoveries, everyMs: deployMs * 3, run: watchRecoveries },
      {
        name: JobName.WatchInheritance,
        everyMs: 3600_000,
        atStart: true,
        run: (jobCtx) => watchInheritance(jobCtx),
      },
      { name: JobName.RecordPaymentDeposits, everyMs: deployMs * 3, run: recordPaymentDeposits },
      {
        name: JobName.CreditSubscriptions,
        everyMs: deployMs * 3,
        run: (jobCtx) => creditSubscriptions(jobCtx),
      },
      {
        name: JobName.RefreshPrices,
        everyMs: pricesMs,
        atStart: true,
        run: refreshPrices,
      },
      // At start, then hourly: velocity hours past every window (modules/transfer-policy).
      {
        name: JobName.PruneVelocityHours,
        everyMs: 3600_000,
        atStart: true,
        run: (jobCtx) => pruneVelocityHours(jobCtx.db),
      },
      {
        name: JobName.RecordSnapshots,
        everyMs: snapshotMs,
        run: (jobCtx) => recordSnapshots(jobCtx),
      },
      ...(exchangeMs === 0
        ? []
        : [
            {
              name: JobName.RefreshExchangeBalances,
              everyMs: exchangeMs,
              run: (jobCtx: AppContext) => refreshExchangeBalances(jobCtx),
            },
          ]),
      ...(ctx.config.isProduction ||
      ctx.config.REGTEST_AUTOMINE_SECONDS === 0 ||
      !ctx.chains.list().some((e) => e.family === 'BTC' && e.isDevnet)
        ? []
        : [
            {
              name: JobName.MineRegtest,
              everyMs: ctx.config.REGTEST_AUTOMINE_SECONDS * 1000,
              run: mineRegtest,
            },
          ]),
    ],
    scheduler,
  );
}
