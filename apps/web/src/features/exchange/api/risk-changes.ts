import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RiskChangeItem, riskChangeRevokeBody, riskChangeVoteBody } from '@keystead/contract/api/escrow';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';
import { riskRulesQuery, type RiskRules } from './risk-rules';

export type { RiskChangeItem };
export type RiskChangeVoteBody = z.input<typeof riskChangeVoteBody>;
export type RiskChangeRevokeBody = z.input<typeof riskChangeRevokeBody>;

/** The reply is the strategy after the decision: it replaces what the tab shows. */
function useChangeMutation<T>(walletId: number, send: (body: T) => Promise<RiskRules>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => client.setQueryData(riskRulesQuery(walletId).queryKey, view),
  });
}

/**
 * POST /v4/escrow/risk-control-rules/changes/approve: an approver approves (1) or rejects (2) a
 * waiting change, with the authenticator code when the space asks it of approvers. A refusal
 * (already decided, own change, …) shows as the shared error toast.
 */
export const useVoteRiskChange = (walletId: number) =>
  useChangeMutation(walletId, (body: RiskChangeVoteBody) =>
    api.post<RiskRules>(`${WEB_V4}/escrow/risk-control-rules/changes/approve`, body),
  );

/** POST /v4/escrow/risk-control-rules/changes/revoke: its proposer or a risk-control user withdraws it. */
export const useRevokeRiskChange = (walletId: number) =>
  useChangeMutation(walletId, (body: RiskChangeRevokeBody) =>
    api.post<RiskRules>(`${WEB_V4}/escrow/risk-control-rules/changes/revoke`, body),
  );

/**
 * PUT /wallets/approver (admins): who approves the account's risk-control changes and how many
 * of them must (no approvers and threshold 0: a change applies at once). Refused while a change
 * waits. The rules' `approval` follows, so they are read again.
 */
export function useSetRiskApprovers(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { user_ids: number[]; approval_threshold: number }) =>
      api.put<DoneReply>(`${V1}/wallets/approver`, { wallet_id: walletId, ...input }),
    // The dialog shows a refusal beside the picker.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: [...EXCHANGE_KEY, 'risk-rules', walletId] }),
  });
}
