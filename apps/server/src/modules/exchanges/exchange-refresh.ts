import { ExchangeStatus } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { WalletStatus } from '../wallets/wallet-status';
import { accountBalances } from './exchange-assets';
import { updateExchangeAccount, type ExchangeAccount } from './exchange-repository';
import { EXCHANGES } from './exchange-table';

/** What one refresh run did, per exchange: accounts read, and those whose read failed. */
export type RefreshOutcome = Record<string, { read: number; failed: number }>;

/**
 * The claimed job `exchanges.refresh-balances` (every EXCHANGE_REFRESH_SECONDS): accounts whose
 * balances are older than the interval are read again, stalest first. Each exchange gets at most
 * its table's `refreshPerRun` accounts a run, one after another (ccxt's own throttle spaces each
 * account's requests), while different exchanges are read side by side: a thousand Binance
 * accounts never make a burst against Binance's per-IP limit, and a slow exchange does not hold
 * up the others. An account the exchange cannot be reached for is marked offline (§4 status 5);
 * one whose key it refuses, unavailable (2, by accountBalances); a good read makes it available.
 */
export async function refreshExchangeBalances(ctx: AppContext): Promise<RefreshOutcome> {
  const maxAgeMs = ctx.config.EXCHANGE_REFRESH_SECONDS * 1000;
  const outcome: RefreshOutcome = {};
  await Promise.all(
    EXCHANGES.map(async (spec) => {
      const due = await ctx.db
        .selectFrom('exchange_accounts as e')
        .innerJoin('wallets as w', 'w.id', 'e.wallet_id')
        .selectAll('e')
        .select(['w.name', 'w.remark'])
        .where('e.exchange_id', '=', spec.id)
        .where('e.status', '<>', ExchangeStatus.Paused)
        .where('w.status', '<>', WalletStatus.Archived)
        .where((eb) =>
          eb.or([eb('e.balances_at', 'is', null), eb('e.balances_at', '<', new Date(Date.now() - maxAgeMs))]),
        )
        .orderBy('e.balances_at', (ob) => ob.asc().nullsFirst())
        .limit(spec.refreshPerRun)
        .execute();
      if (due.length === 0) return;
      const tally = { read: 0, failed: 0 };
      for (const account of due as ExchangeAccount[]) {
        try {
          await accountBalances(ctx, account, 0);
          tally.read += 1;
        } catch (error) {
          tally.failed += 1;
          if (error instanceof AppError && error.code === 'ES_ASSET_QUERY_ERROR')
            await updateExchangeAccount(ctx.db, account.wallet_id, { status: ExchangeStatus.Offline });
        }
      }
      outcome[spec.id] = tally;
    }),
  );
  return outcome;
}
