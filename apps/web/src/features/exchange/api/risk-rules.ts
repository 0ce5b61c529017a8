import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  RiskRule,
  RiskRuleInput,
  deleteRiskRuleBody,
  riskRulesReply,
  saveRiskRulesBody,
} from '@keystead/contract/api/escrow';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type { RiskRule, RiskRuleInput };
export type RiskRules = z.infer<typeof riskRulesReply>;
export type SaveRiskRulesBody = z.input<typeof saveRiskRulesBody>;
export type DeleteRiskRuleBody = z.input<typeof deleteRiskRuleBody>;

const rulesKey = (walletId: number) => [...EXCHANGE_KEY, 'risk-rules', walletId] as const;

/** GET /v4/escrow/risk-control-rules: the strategy, its rules with what the window used, and can_manage. */
export const riskRulesQuery = (walletId: number) =>
  queryOptions({
    queryKey: rulesKey(walletId),
    queryFn: () => api.get<RiskRules>(`${WEB_V4}/escrow/risk-control-rules`, { wallet_id: walletId }),
    meta: { silent: true },
  });

export const useRiskRules = (walletId: number) => useQuery(riskRulesQuery(walletId));

/** The reply is the strategy as saved: it replaces what the tab shows. */
function useRulesMutation<T>(walletId: number, send: (body: T) => Promise<RiskRules>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The dialog shows a refusal beside its code field.
    meta: { silent: true },
    onSuccess: (saved) => client.setQueryData(rulesKey(walletId), saved),
  });
}

/** POST /v4/escrow/risk-control-rules: the whole strategy replaced (risk-control users; code risk_control). */
export const useSaveRiskRules = (walletId: number) =>
  useRulesMutation(walletId, (body: SaveRiskRulesBody) =>
    api.post<RiskRules>(`${WEB_V4}/escrow/risk-control-rules`, body),
  );

/** DELETE /v4/escrow/risk-control-rules: one trade category's rule (code risk_control). */
export const useDeleteRiskRule = (walletId: number) =>
  useRulesMutation(walletId, (body: DeleteRiskRuleBody) =>
    api.delete<RiskRules>(`${WEB_V4}/escrow/risk-control-rules`, body),
  );
