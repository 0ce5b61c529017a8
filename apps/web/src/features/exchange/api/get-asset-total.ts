import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exchangeAssetTotalReply } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type ExchangeAssetTotal = z.infer<typeof exchangeAssetTotalReply>;

/** GET /v4/wallets/exchange/asset-total: USD of one account, or of every account the caller views. */
export const fetchExchangeAssetTotal = (walletId?: number) =>
  api.get<ExchangeAssetTotal>(`${WEB_V4}/wallets/exchange/asset-total`, { wallet_id: walletId });

export const exchangeAssetTotalQuery = (spaceId: string | null, walletId?: number) =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'total', spaceId, walletId ?? null] as const,
    queryFn: () => fetchExchangeAssetTotal(walletId),
    meta: { silent: true },
  });

export const useExchangeAssetTotal = (spaceId: string | null, walletId?: number, enabled = true) =>
  useQuery({ ...exchangeAssetTotalQuery(spaceId, walletId), enabled: Boolean(spaceId) && enabled });
