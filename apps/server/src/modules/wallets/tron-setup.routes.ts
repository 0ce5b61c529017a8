import { TRON_ACTIVATION_TRX, tronSetupReply, walletIdQuery } from '@keystead/contract';
import type { TronWalletKeys } from '@keystead/chains';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { familyWallet, family as familyCall } from '../transfers/transfer-family';
import { formatUnits } from './decimal';
import { loadWallet } from './wallet-access';
import { storedSetup } from './wallet-setup';
import { WalletStatus } from './wallet-status';

/**
 * A Tron wallet's setup, read from the chain each time: the account's balance against what the
 * permission update costs now, and at 13 the update its first key signs (relayed by
 * POST /broadcast-wallet-deploy). The server never holds that key.
 */
export async function tronSetupRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wallets/tron/status',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(tronSetupReply),
        tags: ['wallet'],
        querystring: walletIdQuery,
        summary: "A Tron wallet's activation and permission hand-over (statuses 6, 13, 14)",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      const family = ctx.chains.family(wallet.chain_key);
      if (!family.setupTransaction || !wallet.address) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
      const { nativeDecimals, nativeSymbol } = family.chain.info;
      const keys = familyWallet(wallet).keys as TronWalletKeys;
      const account = await familyCall(() => family.readBalances([familyWallet(wallet)], []));
      const balance = account.get(wallet.address)?.get('native') ?? 0n;
      const awaitingUpdate = wallet.status === WalletStatus.PermissionChangePending;
      const setup =
        wallet.status === WalletStatus.Normal ? null : await storedSetup(ctx, wallet, [wallet.status]);
      const built = setup ? await familyCall(() => family.setupTransaction!(setup)) : null;
      return reply.ok({
        wallet_id: wallet.id,
        status: wallet.status,
        address: wallet.address,
        activated: wallet.status !== WalletStatus.TrxNeededForActivation || balance > 0n,
        balance: formatUnits(balance, nativeDecimals),
        required: built ? formatUnits(built.required, nativeDecimals) : '0',
        suggested: String(TRON_ACTIVATION_TRX),
        symbol: nativeSymbol,
        signers: keys.signers,
        threshold: keys.threshold,
        update:
          awaitingUpdate && built?.hash && built.payload
            ? { tx_id: built.hash, transaction: built.payload }
            : null,
        deploy_tx_hash: wallet.deploy_tx_hash,
      });
    },
  );
}
