import multipart from '@fastify/multipart';
import type { AppInstance } from './app';
import { MAX_IMAGE_BYTES } from './modules/uploads/image-upload';
import type { AppContext } from './context';
import { devMailboxRoutes } from './modules/dev-mailbox/mailbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { profileRoutes } from './modules/users/profile.routes';
import { securityRoutes } from './modules/users/security.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { invitationRoutes } from './modules/spaces/invitations.routes';
import { spaceLookupRoutes } from './modules/spaces/space-lookups.routes';
import { membersRoutes } from './modules/spaces/members.routes';
import { spacesRoutes } from './modules/spaces/spaces.routes';
import { signerRoutes } from './modules/signers/signers.routes';
import { devFaucetRoutes } from './modules/wallets/dev-faucet.routes';
import { walletCreateRoutes } from './modules/wallets/wallet-create.routes';
import { walletReadRoutes } from './modules/wallets/wallet-read.routes';
import { walletKindRoutes } from './modules/wallets/wallet-kinds.routes';
import { walletLookupRoutes } from './modules/wallets/wallet-lookup.routes';
import { tronSetupRoutes } from './modules/wallets/tron-setup.routes';
import { xrpSetupRoutes } from './modules/wallets/xrp-setup.routes';
import { solSetupRoutes } from './modules/wallets/sol-setup.routes';
import { paymentRoutes } from './modules/fee-payers/payment.routes';
import { paymentSettingsRoutes } from './modules/fee-payers/payment-settings.routes';
import { solSignRoutes } from './modules/transfers/sol-sign.routes';
import { walletSettingsRoutes } from './modules/wallets/wallet-settings.routes';
import { preSignRoutes } from './modules/transfers/presign.routes';
import { batchRoutes } from './modules/transfers/batch.routes';
import { labelRoutes } from './modules/labels/labels.routes';
import { assetRoutes } from './modules/assets/assets.routes';
import { subscriptionRoutes } from './modules/subscriptions/subscription.routes';
import { addressBookRoutes } from './modules/transfers/address-book.routes';
import { smallAmountTestRoutes } from './modules/transfers/small-amount-test.routes';
import { transferListRoutes } from './modules/transfers/transfer-list.routes';
import { transferProgressRoutes } from './modules/transfers/transfer-progress.routes';
import { transferRoutes } from './modules/transfers/transfers.routes';
import { signerKeyRoutes } from './modules/signers/signer-keys.routes';
import { utxoWalletRoutes } from './modules/wallets/descriptor-wallet.routes';
import { utxoDevFaucetRoutes } from './modules/wallets/utxo-dev-faucet.routes';
import { languageListRoutes, webConfigRoutes } from './modules/web-config/web-config.routes';
import { exchangeRoutes } from './modules/exchanges/exchange.routes';
import { escrowRoutes } from './modules/escrow/escrow.routes';
import { transferPolicyRoutes } from './modules/transfer-policy/transfer-policy.routes';
import { platformApiRoutes } from './modules/escrow/platform-api.routes';
import { dappRoutes } from './modules/dapp/dapp.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { mobileRoutes } from './modules/mobile/mobile.routes';
import { inheritanceRoutes } from './modules/inheritance/inheritance.routes';

/** The API's bases (§7): v1 under /api/v1, web-config under /api/web/v2, exchange v4 under /api/web/v4. */
export async function registerApiRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (v1) => {
      // Form uploads (avatar, logo): one image of at most 2 MB per request.
      await v1.register(multipart, {
        limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
        throwFileSizeLimit: true,
      });
      await healthRoutes(v1 as AppInstance, ctx);
      await languageListRoutes(v1 as AppInstance);
      await authRoutes(v1 as AppInstance, ctx);
      await profileRoutes(v1 as AppInstance, ctx);
      await securityRoutes(v1 as AppInstance, ctx);
      await uploadsRoutes(v1 as AppInstance, ctx);
      await spacesRoutes(v1 as AppInstance, ctx);
      await spaceLookupRoutes(v1 as AppInstance, ctx);
      await membersRoutes(v1 as AppInstance, ctx);
      await invitationRoutes(v1 as AppInstance, ctx);
      await auditRoutes(v1 as AppInstance, ctx);
      await notificationRoutes(v1 as AppInstance, ctx);
      await signerRoutes(v1 as AppInstance, ctx);
      await walletCreateRoutes(v1 as AppInstance, ctx);
      await walletReadRoutes(v1 as AppInstance, ctx);
      await walletLookupRoutes(v1 as AppInstance, ctx);
      await tronSetupRoutes(v1 as AppInstance, ctx);
      await xrpSetupRoutes(v1 as AppInstance, ctx);
      await solSetupRoutes(v1 as AppInstance, ctx);
      await solSignRoutes(v1 as AppInstance, ctx);
      await paymentRoutes(v1 as AppInstance, ctx);
      await paymentSettingsRoutes(v1 as AppInstance, ctx);
      await walletKindRoutes(v1 as AppInstance, ctx);
      await walletSettingsRoutes(v1 as AppInstance, ctx);
      await transferRoutes(v1 as AppInstance, ctx);
      await dappRoutes(v1 as AppInstance, ctx);
      await recoveryRoutes(v1 as AppInstance, ctx);
      await inheritanceRoutes(v1 as AppInstance, ctx);
      await mobileRoutes(v1 as AppInstance, ctx);
      await transferListRoutes(v1 as AppInstance, ctx);
      await transferProgressRoutes(v1 as AppInstance, ctx);
      await smallAmountTestRoutes(v1 as AppInstance, ctx);
      await addressBookRoutes(v1 as AppInstance, ctx);
      await labelRoutes(v1 as AppInstance, ctx);
      await assetRoutes(v1 as AppInstance, ctx);
      await subscriptionRoutes(v1 as AppInstance, ctx);
      await batchRoutes(v1 as AppInstance, ctx);
      await preSignRoutes(v1 as AppInstance, ctx);
      await transferPolicyRoutes(v1 as AppInstance, ctx);
      // The platform API keeps its JSON bodies raw (the HMAC covers the exact bytes): its own plugin.
      await v1.register(async (api) => platformApiRoutes(api as AppInstance, ctx));
      await signerKeyRoutes(v1 as AppInstance, ctx);
      await utxoWalletRoutes(v1 as AppInstance, ctx);
      if (!ctx.config.isProduction) await utxoDevFaucetRoutes(v1 as AppInstance, ctx);
      if (!ctx.config.isProduction) await devFaucetRoutes(v1 as AppInstance, ctx);
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (v2) => webConfigRoutes(v2 as AppInstance, ctx), { prefix: '/api/web/v2' });
  await app.register(
    async (v4) => {
      await exchangeRoutes(v4 as AppInstance, ctx);
      await escrowRoutes(v4 as AppInstance, ctx);
    },
    { prefix: '/api/web/v4' },
  );
  if (!ctx.config.isProduction) {
    await app.register(async (dev) => devMailboxRoutes(dev as AppInstance, ctx));
  }
}
