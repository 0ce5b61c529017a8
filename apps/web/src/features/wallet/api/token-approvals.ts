import { useQuery } from '@tanstack/react-query';
import type { TokenApproval, TokenApprovals } from '@keystead/contract';
import type { FeeEstimate, TransferTask } from '@keystead/contract/api/transfer-replies';
import type { FeeTier } from '@keystead/contract/enums';
import { api, V1 } from '@/lib/api-client';

export type { TokenApproval };

export const tokenApprovalsKey = (walletId: number) => ['wallet', 'token-approvals', walletId] as const;

/**
 * GET /wallets/dapp: the Safe's standing ERC-20 approvals. Re-read every 5 s while shown: the
 * server's scan finds new Approval events by itself, and a cancellation changes a row's status.
 * After a failure it waits for the reader's Retry (the tab says the read failed).
 */
export const useTokenApprovals = (walletId: number) =>
  useQuery({
    queryKey: tokenApprovalsKey(walletId),
    queryFn: () => api.get<TokenApprovals>(`${V1}/wallets/dapp`, { wallet_id: walletId }),
    enabled: walletId > 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5_000),
    retry: false,
    // The tab says a failed read itself (with Retry): no toast on top.
    meta: { silent: true },
  });

export interface ApprovalRef {
  wallet_id: number;
  token: string;
  spender: string;
}

/** POST /fee/dapp-estimate/cancel-approve: fee tiers and the gas of approve(spender, 0) from the Safe. */
export const useCancelApprovalEstimate = (ref: ApprovalRef | null) =>
  useQuery({
    queryKey: ['wallet', 'token-approvals', 'estimate', ref?.wallet_id, ref?.token, ref?.spender],
    queryFn: () => api.post<FeeEstimate>(`${V1}/fee/dapp-estimate/cancel-approve`, ref),
    enabled: ref !== null,
    refetchInterval: 30_000,
    retry: false,
    // The dialog says a failed estimate itself.
    meta: { silent: true },
  });

/** POST /task/dapp-approve-cancel (operators): a Dapp task (type 6) that sets the allowance to 0. */
export const cancelApproval = (
  body: ApprovalRef & { fee_tier: FeeTier; custom_fee_gwei?: string; remark?: string },
) => api.post<TransferTask>(`${V1}/task/dapp-approve-cancel`, body);
