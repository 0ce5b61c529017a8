import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exchangeAssetInfoReply, exchangeAssetLine } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type ExchangeAssets = z.infer<typeof exchangeAssetInfoReply>;
export type ExchangeAssetLine = z.infer<typeof exchangeAssetLine>;

/** GET /v4/wallets/exchange/asset-info: balances per account type (all types without one). */
export const fetchExchangeAssets = (walletId: number, accountType?: string) =>
  api.get<ExchangeAssets>(`${WEB_V4}/wallets/exchange/asset-info`, {
    wallet_id: walletId,
    account_type: accountType,
  });

export const exchangeAssetsQuery = (walletId: number, accountType?: string) =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'assets', walletId, accountType ?? null] as const,
    queryFn: () => fetchExchangeAssets(walletId, accountType),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useExchangeAssets = (walletId: number, accountType?: string) =>
  useQuery(exchangeAssetsQuery(walletId, accountType));
