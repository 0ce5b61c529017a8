import type { AppContext } from '../../context';
import { walletTokens, walletValueUsd } from './wallet-assets';
import { WalletStatus } from './wallet-status';
import { multisigOf, scanCounts } from './descriptor-wallet';

/** Background balance refresh of Bitcoin-family wallets (one UTXO-set scan per wallet). */
export async function refreshUtxoBalances(ctx: AppContext): Promise<void> {
  const chains = ctx.chains
    .list()
    .filter((e) => e.family === 'BTC')
    .map((e) => String(e.chainId));
  if (chains.length === 0) return;
  const wallets = await ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('chain_key', 'in', chains)
    .where('utxo_keys', 'is not', null)
    .where('status', '<>', WalletStatus.Archived)
    .execute();
  for (const wallet of wallets) {
    const utxos = await ctx.chains
      .utxoChain(wallet.chain_key)
      .listUtxos(multisigOf(wallet), scanCounts(wallet))
      .catch(() => null);
    if (!utxos) continue;
    const total = utxos.reduce((s, u) => s + u.value, 0n).toString();
    await ctx.db
      .insertInto('wallet_balances')
      .values({ wallet_id: wallet.id, token_key: 'native', amount: total, updated_at: new Date() })
      .onConflict((oc) =>
        oc.columns(['wallet_id', 'token_key']).doUpdateSet({ amount: total, updated_at: new Date() }),
      )
      .execute();
    const tokens = await walletTokens(ctx, ctx.db, wallet);
    await ctx.db
      .updateTable('wallets')
      .set({ value_usd: walletValueUsd(tokens, new Map([['native', total]])) })
      .where('id', '=', wallet.id)
      .execute();
  }
}
