import { FamilyError, type FamilyAdapter } from '../family';
import { blockFacts } from '../followed';
import type { FeeTiers } from '../types';
import type { EvmAdapter } from './adapter';
import { bumpedGasPrice, gasPriceOf } from './fee-choice';
import { decodeSignedTransaction } from './raw-tx';

/** A plain coin transfer to an account; a contract recipient's code may need more, so it is estimated. */
const PLAIN_SEND_GAS = 21_000n;

/**
 * What an EVM payment address (the platform-held key that pays a space's gas) sends besides the
 * Safe executions: plain coin sends (refunds), and how any of its transactions landed — its gas
 * is spent whether the call succeeded or reverted.
 */
export function evmSponsoredSends(
  chain: EvmAdapter,
  feeTiers: () => Promise<FeeTiers>,
): Pick<FamilyAdapter, 'prepareNativeSend' | 'followSponsored'> {
  return {
    async prepareNativeSend({ from, to, value, fee, previousRaw }) {
      const sender = chain.normalizeAddress(from);
      const recipient = chain.normalizeAddress(to);
      const wanted = gasPriceOf(await feeTiers(), fee);
      const unsigned = { chainId: chain.chainId, from: sender, to: recipient, data: '0x', value };
      if (previousRaw) {
        const previous = await decodeSignedTransaction(previousRaw);
        if (previous.from.toLowerCase() !== sender.toLowerCase())
          throw new FamilyError('BROADCAST_DUPLICATED_ERROR');
        return { ...unsigned, nonce: previous.nonce, gas: previous.gas, ...bumpedGasPrice(previous, wanted) };
      }
      const [nonce, gas] = await Promise.all([
        chain.getAccountNonce(sender),
        (await chain.isContract(recipient))
          ? chain.estimateGas({ to: recipient, data: '0x', value }).catch(() => {
              throw new FamilyError('PAYMENT_REFUND_FEE_ESTIMATE_ERROR');
            })
          : Promise.resolve(PLAIN_SEND_GAS),
      ]);
      return { ...unsigned, nonce, gas, ...wanted };
    },

    async followSponsored(txHash) {
      const result = await chain.getConfirmation(txHash);
      if (result.state === 'unknown' || result.state === 'pending') return { state: result.state };
      return { state: result.state === 'confirmed' ? 'executed' : 'failed', ...blockFacts(result) };
    },
  };
}
