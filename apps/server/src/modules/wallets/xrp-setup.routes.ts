import { XRP_ACTIVATION_RESERVE, walletIdQuery, xrpSetupReply } from '@keystead/contract';
import type { XrplAdapter, XrpWalletKeys } from '@keystead/chains';
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
 * An XRP wallet's setup, read from the ledger each time: the account's balance against the
 * reserves now, and at 13 the step its master key signs next (relayed by
 * POST /broadcast-wallet-deploy). The server never holds that key.
 */
export async function xrpSetupRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wallets/xrp/status',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(xrpSetupReply),
        tags: ['wallet'],
        querystring: walletIdQuery,
        summary: "An XRP wallet's reserve top-up, signer list and master-key steps (statuses 6, 13, 14)",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      const family = ctx.chains.family(wallet.chain_key);
      if (family.chain.info.family !== 'XRP' || !family.setupTransaction || !wallet.address)
        throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
      const chain = family.chain as XrplAdapter;
      const { nativeDecimals, nativeSymbol } = family.chain.info;
      const keys = familyWallet(wallet).keys as XrpWalletKeys;
      const setUp = wallet.status === WalletStatus.Normal;
      const [account, ledger, built] = await familyCall(async () =>
        Promise.all([
          chain.account(wallet.address!),
          chain.ledgerState(),
          setUp ? null : family.setupTransaction!(await storedSetup(ctx, wallet, [wallet.status])),
        ]),
      ).catch((error: unknown) => {
        throw error instanceof AppError ? error : new AppError('WS_XRP_RPC_ERROR');
      });
      const awaitingStep = wallet.status === WalletStatus.PermissionChangePending;
      return reply.ok({
        wallet_id: wallet.id,
        status: wallet.status,
        address: wallet.address,
        activated: account.exists,
        balance: formatUnits(account.balance, nativeDecimals),
        required: built ? formatUnits(built.required, nativeDecimals) : '0',
        reserve: {
          base: formatUnits(ledger.reserveBase, nativeDecimals),
          owner: formatUnits(ledger.reserveInc, nativeDecimals),
        },
        suggested: String(XRP_ACTIVATION_RESERVE),
        symbol: nativeSymbol,
        signers: keys.signers,
        threshold: keys.threshold,
        step: (built?.step as 'signer_list' | 'disable_master' | null | undefined) ?? null,
        setup_tx: awaitingStep ? (built?.payload ?? null) : null,
        deploy_tx_hash: wallet.deploy_tx_hash,
      });
    },
  );
}
