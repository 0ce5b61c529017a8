import type { FamilyAdapter, FamilyWallet, StoredTransfer, VerifiedSignature } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { family, feeChoice } from '../transfers/transfer-family';
import { signSponsored, type SignedSend } from './evm-payment-send';
import { walletSponsor, type PaymentAddressRef } from './evm-payment-keys';

/**
 * The payment address that sends this broadcast: the wallet's (switch on, one bound) where the
 * family has payment addresses and the broadcaster brought no transaction of their own.
 */
export async function executionSponsor(
  ctx: AppContext,
  adapter: FamilyAdapter,
  wallet: Wallet,
  input: { raw_tx?: string | undefined; tx_hash?: string | undefined },
): Promise<PaymentAddressRef | null> {
  if (!adapter.prepareNativeSend || !adapter.prepareExecution || input.raw_tx || input.tx_hash) return null;
  return walletSponsor(ctx.db, wallet);
}

/**
 * The Safe execution built for the payment address and signed with its key, after the same
 * simulation and gas check a broadcaster's own execution gets (BROADCAST_INSUFFICIENT_FEE_ERROR
 * when it cannot pay). With `previousRaw` it is the speed-up of the pending attempt.
 */
export async function sponsoredExecution(
  ctx: AppContext,
  adapter: FamilyAdapter,
  sponsor: PaymentAddressRef,
  wallet: FamilyWallet,
  task: Task,
  stored: StoredTransfer,
  signatures: VerifiedSignature[],
  previousRaw: string | null,
): Promise<SignedSend> {
  const tier = task.fee_tier ?? 'standard';
  const fee = feeChoice(tier, tier === 'custom' ? task.fee_rate : null);
  const unsigned = await family(() =>
    adapter.prepareExecution!(wallet, stored, signatures, { from: sponsor.address, fee, previousRaw }),
  );
  return signSponsored(ctx, sponsor, unsigned, previousRaw !== null);
}
