import { deployBroadcastReply, walletIdBody } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { createKeySigner, feePayerSigner } from '../fee-payers/fee-payer-keys';
import { recordSponsored } from '../fee-payers/payment-records';
import { canOnWallet } from '../policy/policy';
import { family as familyCall } from '../transfers/transfer-family';
import { loadWallet } from './wallet-access';
import { reportDeployment } from './wallet-commands';
import { storedSetup } from './wallet-setup';
import { WalletStatus } from './wallet-status';

/**
 * A Solana wallet's creation (status 4 → 8): the space's fee payer builds, signs and sends the
 * Squads multisig creation with the wallet's one-off create key; the watcher reads the multisig
 * back from the chain (8 → 1). No signer key is involved: the signers only vote later.
 */
export async function solSetupRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/wallet-sol-deploy-broadcast-create',
    {
      config: { access: inSpace('wallet.deploy') },
      schema: {
        response: replies(deployBroadcastReply),
        tags: ['wallet'],
        body: walletIdBody,
        summary: 'Create a Solana wallet’s Squads multisig, paid by the space’s fee payer',
      },
    },
    async (request, reply) => {
      const { member } = requireSpace(request);
      const { wallet, relation } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const decision = canOnWallet(member.role, relation, 'deploy');
      if (!decision.allowed) throw new AppError(decision.code!);
      const family = ctx.chains.family(wallet.chain_key);
      if (!family.sponsoredSetup || !wallet.salt_nonce) throw new AppError('WALLET_STATUS_ERROR');
      const setup = await storedSetup(ctx, wallet, [WalletStatus.AwaitingCreation]);
      const [feePayer, createKey] = await Promise.all([
        feePayerSigner(ctx, wallet.organization_id),
        createKeySigner(ctx, wallet.organization_id, wallet.salt_nonce),
      ]);
      if (!feePayer || !createKey) throw new AppError('WALLET_STATUS_ERROR');
      const sent = await familyCall(() => family.sponsoredSetup!(setup, feePayer, createKey));
      await recordSponsored(ctx.db, {
        organizationId: wallet.organization_id,
        chainKey: wallet.chain_key,
        purpose: 'wallet_create',
        sender: feePayer.address,
        hashes: [sent.hash],
        walletId: wallet.id,
        receiver: wallet.address,
      });
      const move = { from: WalletStatus.AwaitingCreation, to: WalletStatus.DeployPending };
      await reportDeployment(ctx, commandContext(request), wallet, sent.hash, move);
      return reply.ok({ status: move.to, tx_hash: sent.hash });
    },
  );
}
