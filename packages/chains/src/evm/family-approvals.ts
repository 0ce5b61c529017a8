import { FamilyError, type FamilyAdapter, type FamilyWallet, type PreparedTransfer } from '../family';
import type { EvmAdapter } from './adapter';
import type { SafeState } from './safe-ops';
import type { SafeTx } from './safe-tx';
import { approveCallData } from './token-approvals';

/**
 * What a Safe's execTransaction adds to the call it makes: the base transaction, a few owners'
 * signature checks, the nonce write and its events. The broadcast step measures the real gas.
 */
export const SAFE_EXEC_OVERHEAD = 70_000n;

/** The next free Safe nonce: after the chain's and after every queued transfer's. */
export function nextSafeNonce(safe: SafeState, highestSequence: bigint | null): bigint {
  const queued = highestSequence ?? -1n;
  return safe.nonce > queued ? safe.nonce : queued + 1n;
}

/**
 * ERC-20 approvals of Safe wallets: Approval events found with the deposit scan, allowances read
 * in one Multicall3 batch, and a cancellation = approve(spender, 0) from the Safe at its next nonce.
 */
export function evmTokenApprovals(
  chain: EvmAdapter,
  prepared: (tx: SafeTx, wallet: FamilyWallet, amount: bigint, threshold: number) => PreparedTransfer,
): NonNullable<FamilyAdapter['tokenApprovals']> {
  return {
    async approvalsBy(wallets, from, to) {
      const seen = await chain.getApprovalsBy(
        wallets.map((w) => w.address),
        from,
        to,
      );
      return seen.map((a) => ({ ...a, wallet: a.owner }));
    },
    allowances: (refs) => chain.readAllowances(refs),
    async cancelGas(wallet, ref) {
      const call = { from: wallet.address, to: ref.token, data: approveCallData(ref.spender, 0n) };
      const gas = await chain.estimateGas(call).catch(() => {
        throw new FamilyError('FEE_RATE_ERROR');
      });
      return gas + SAFE_EXEC_OVERHEAD;
    },
    buildCancel(wallet, ref, state, held) {
      const { safe } = state as { safe: SafeState };
      const nonce = nextSafeNonce(safe, held.highestSequence);
      const tx = chain.buildContractCall({ to: ref.token, data: approveCallData(ref.spender, 0n), nonce });
      return prepared(tx, wallet, 0n, safe.threshold);
    },
  };
}
