import type { ProfitLossReport } from '@keystead/contract';
import type { AppContext } from '../../context';
import { priceBook } from '../prices/prices';
import { recordGroups, type AssetScope } from './asset-repository';
import { profitAndLoss } from './profit-loss';

/** The profit and loss tab: every record of the scope, matched first in first out. */
export async function profitLossOf(ctx: AppContext, scope: AssetScope): Promise<ProfitLossReport> {
  const [records] = await Promise.all([recordGroups(ctx.db, scope), priceBook().load(ctx.db)]);
  return { ...profitAndLoss(records, (symbol) => priceBook().usd(symbol)), prices: priceBook().state() };
}
