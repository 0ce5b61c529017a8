import type { FamilyAdapter } from '../family';
import type { EvmAdapter } from './adapter';
import { approveCallData } from './token-approvals';

/**
 * ERC-20 approvals of Safe wallets: Approval events found with the deposit scan, allowances read
 * in one Multicall3 batch, and the call that sets one — approve(spender, amount) from the Safe,
 * 0 to cancel — made like any Dapp call (contractCalls).
 */
export function evmTokenApprovals(chain: EvmAdapter): NonNullable<FamilyAdapter['tokenApprovals']> {
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
    approveCall: (ref, amount) => ({ to: ref.token, value: 0n, data: approveCallData(ref.spender, amount) }),
  };
}
