import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { escrowSettingsBody, escrowSettingsReply } from '@keystead/contract/api/escrow';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type EscrowSettings = z.infer<typeof escrowSettingsReply>;
export type EscrowSettingsBody = z.input<typeof escrowSettingsBody>;

const key = (walletId: number) => [...EXCHANGE_KEY, 'escrow-settings', walletId] as const;

/** GET /v4/escrow/settings: the platform API's IP whitelist and timestamp window for this account. */
export const escrowSettingsQuery = (walletId: number) =>
  queryOptions({
    queryKey: key(walletId),
    queryFn: () => api.get<EscrowSettings>(`${WEB_V4}/escrow/settings`, { wallet_id: walletId }),
    meta: { silent: true },
  });

export const useEscrowSettings = (walletId: number) => useQuery(escrowSettingsQuery(walletId));

/** POST /v4/escrow/settings (admins; code exchange_settings). */
export function useSaveEscrowSettings(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EscrowSettingsBody) => api.post<EscrowSettings>(`${WEB_V4}/escrow/settings`, body),
    meta: { silent: true },
    onSuccess: (saved) => client.setQueryData(key(walletId), saved),
  });
}
