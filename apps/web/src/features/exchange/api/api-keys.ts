import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PlatformApiKeyItem,
  apiKeyInfoReply,
  apiKeysReply,
  createApiKeyBody,
  createdApiKeyReply,
  updateApiKeyBody,
} from '@keystead/contract/api/escrow';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type { PlatformApiKeyItem };
export type ApiKeys = z.infer<typeof apiKeysReply>;
export type CreatedApiKey = z.infer<typeof createdApiKeyReply>;
export type ApiKeyInfo = z.infer<typeof apiKeyInfoReply>;

const keysKey = (walletId: number) => [...EXCHANGE_KEY, 'api-keys', walletId] as const;

/** GET /v4/escrow/api-keys: the account's platform API key (never its secret). */
export const apiKeysQuery = (walletId: number) =>
  queryOptions({
    queryKey: keysKey(walletId),
    queryFn: () => api.get<ApiKeys>(`${WEB_V4}/escrow/api-keys`, { wallet_id: walletId }),
    meta: { silent: true },
  });

export const useApiKeys = (walletId: number) => useQuery(apiKeysQuery(walletId));

/** GET /v4/escrow/api-keys/info: one key and how a bot signs its requests. */
export const useApiKeyInfo = (id: number) =>
  useQuery({
    queryKey: [...EXCHANGE_KEY, 'api-key-info', id] as const,
    queryFn: () => api.get<ApiKeyInfo>(`${WEB_V4}/escrow/api-keys/info`, { id }),
    meta: { silent: true },
  });

function useKeyMutation<T, R>(walletId: number, send: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(walletId) }),
  });
}

/** POST /v4/escrow/api-keys (admins; code exchange_api_key): the reply holds the secret, once. */
export const useCreateApiKey = (walletId: number) =>
  useKeyMutation(walletId, (body: z.input<typeof createApiKeyBody>) =>
    api.post<CreatedApiKey>(`${WEB_V4}/escrow/api-keys`, body),
  );

/** PATCH /v4/escrow/api-keys: start (1) or pause (2) the key, or change its description. */
export const useUpdateApiKey = (walletId: number) =>
  useKeyMutation(walletId, (body: z.input<typeof updateApiKeyBody>) =>
    api.patch<PlatformApiKeyItem>(`${WEB_V4}/escrow/api-keys`, body),
  );

/** DELETE /v4/escrow/api-keys: the key stops working at once. */
export const useDeleteApiKey = (walletId: number) =>
  useKeyMutation(walletId, (id: number) => api.delete<DoneReply>(`${WEB_V4}/escrow/api-keys`, { id }));
