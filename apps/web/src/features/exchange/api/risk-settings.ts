import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { riskSettingsBody, riskSettingsReply } from '@keystead/contract/api/escrow';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';
import { riskRulesQuery } from './risk-rules';

export type RiskSettings = z.infer<typeof riskSettingsReply>;
export type RiskSettingsBody = z.input<typeof riskSettingsBody>;

const settingsKey = (walletId: number) => [...EXCHANGE_KEY, 'risk-settings', walletId] as const;

/** GET /v4/escrow/risk-control-rules/settings: the limits' window and the account's risk-control users. */
export const riskSettingsQuery = (walletId: number) =>
  queryOptions({
    queryKey: settingsKey(walletId),
    queryFn: () =>
      api.get<RiskSettings>(`${WEB_V4}/escrow/risk-control-rules/settings`, { wallet_id: walletId }),
    meta: { silent: true },
  });

export const useRiskSettings = (walletId: number) => useQuery(riskSettingsQuery(walletId));

/**
 * POST /v4/escrow/risk-control-rules/settings: the rolling window of the buy/sell limits (code
 * risk_control). The reply is the settings; whether the change applied or now waits for the
 * account's approvers is in the rules' pending_change, read again with it.
 */
export function useSaveRiskSettings(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RiskSettingsBody) => {
      const settings = await api.post<RiskSettings>(`${WEB_V4}/escrow/risk-control-rules/settings`, body);
      // The window is saved or proposed either way: a failed read of the rules leaves the tab's own retry.
      const rules = await client.fetchQuery({ ...riskRulesQuery(walletId), staleTime: 0 }).catch(() => null);
      return { settings, rules };
    },
    meta: { silent: true },
    onSuccess: ({ settings }) => client.setQueryData(settingsKey(walletId), settings),
  });
}

/**
 * PUT /wallets/risk-control-user (admins): who keeps the account's rules (at most 5). The rules'
 * can_manage follows, so both are read again.
 */
export function useSetRiskControlUsers(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      api.put<DoneReply>(`${V1}/wallets/risk-control-user`, { wallet_id: walletId, user_ids: userIds }),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: settingsKey(walletId) }),
        client.invalidateQueries({ queryKey: [...EXCHANGE_KEY, 'risk-rules', walletId] }),
      ]),
  });
}
