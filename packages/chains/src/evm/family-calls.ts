import type { Hex } from 'viem';
import { FamilyError, type FamilyAdapter, type FamilyWallet, type PreparedTransfer } from '../family';
import { NATIVE } from '../types';
import { READ_RPC_METHODS, type EvmAdapter, type ReadRpcMethod } from './adapter';
import type { SafeState } from './safe-ops';
import type { SafeTx } from './safe-tx';
import { reviewCall } from './safe-tx-view';

/**
 * What a Safe's execTransaction adds to the calls it makes: the base transaction, a few owners'
 * signature checks, the nonce write and its events. The broadcast step measures the real gas.
 */
export const SAFE_EXEC_OVERHEAD = 70_000n;

/** The next free Safe nonce: after the chain's and after every queued transfer's. */
export function nextSafeNonce(safe: SafeState, highestSequence: bigint | null): bigint {
  const queued = highestSequence ?? -1n;
  return safe.nonce > queued ? safe.nonce : queued + 1n;
}

/** What a call that cannot be estimated alone is counted as: a typical swap or deposit. */
const UNESTIMATED_CALL_GAS = 200_000n;
/** MultiSendCallOnly's own cost per packed call (reading and dispatching it). */
const MULTISEND_GAS_PER_CALL = 6_000n;

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
    read(method, params) {
      if (!(READ_RPC_METHODS as readonly string[]).includes(method))
        throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'method' });
      return chain.readRpc(method as ReadRpcMethod, params);
    },
    simulate: (wallet, calls) =>
      Promise.all(
        calls.map((call) =>
          chain.callReverts({ from: wallet.address, to: call.to, value: call.value, data: call.data as Hex }),
        ),
      ),
    async gas(wallet, calls) {
      const each = await Promise.all(
        calls.map((call) =>
          chain
            .estimateGas({ from: wallet.address, to: call.to, value: call.value, data: call.data })
            // A call that needs an earlier one of the batch (approve, then swap) cannot be estimated alone.
            .catch(() => UNESTIMATED_CALL_GAS),
        ),
      );
      const batch = calls.length > 1 ? MULTISEND_GAS_PER_CALL * BigInt(calls.length) : 0n;
      return each.reduce((sum, gas) => sum + gas, SAFE_EXEC_OVERHEAD + batch);
    },
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
