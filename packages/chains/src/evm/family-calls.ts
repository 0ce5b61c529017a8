import type { Hex } from 'viem';
import { FamilyError, type FamilyAdapter, type FamilyWallet, type PreparedTransfer } from '../family';
import { NATIVE } from '../types';
import type { EvmAdapter } from './adapter';
import { nextSafeNonce } from './family-approvals';
import type { SafeState } from './safe-ops';
import type { SafeTx } from './safe-tx';
import { reviewCall } from './safe-tx-view';

const METHODS: Partial<Record<string, string>> = {
  erc20_transfer: 'transfer(address,uint256)',
  erc20_approve: 'approve(address,uint256)',
};

/**
 * A Dapp's calls from a Safe (Dapp task, type 6): targets must hold code when they get data,
 * each call is run alone from the Safe's address before approval (the exact execution is
 * simulated again at broadcast), and the Safe transaction takes the next free nonce.
 */
export function evmContractCalls(
  chain: EvmAdapter,
  prepared: (tx: SafeTx, wallet: FamilyWallet, amount: bigint, threshold: number) => PreparedTransfer,
): NonNullable<FamilyAdapter['contractCalls']> {
  return {
    isContract: (address) => chain.isContract(address),
    simulate: (wallet, calls) =>
      Promise.all(
        calls.map((call) =>
          chain.callReverts({ from: wallet.address, to: call.to, value: call.value, data: call.data as Hex }),
        ),
      ),
    describe(call) {
      const review = reviewCall({ to: call.to, value: call.value, data: call.data as Hex });
      const method = METHODS[review.kind] ?? (call.data === '0x' ? null : call.data.slice(0, 10));
      return {
        kind: review.kind,
        method,
        token_contract: review.token_contract,
        recipient: review.recipient,
        amount_raw: review.kind === 'native' ? null : review.amount_raw,
      };
    },
    build(wallet, calls, state, held) {
      const { safe, onChain } = state as { safe: SafeState; onChain: Map<string, bigint> };
      const value = calls.reduce((sum, call) => sum + call.value, 0n);
      const free = (onChain.get(NATIVE) ?? 0n) - (held.lockedByToken.get(NATIVE) ?? held.lockedAmount);
      if (value > 0n && free < value) throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
      const nonce = nextSafeNonce(safe, held.highestSequence);
      const tx = chain.buildCallsTx({
        calls: calls.map((call) => ({ ...call, data: call.data as Hex })),
        nonce,
      });
      return prepared(tx, wallet, value, safe.threshold);
    },
  };
}
