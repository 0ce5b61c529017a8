import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExchangeAccountItem, exchangeListReply } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type { ExchangeAccountItem };
export type ExchangeAccountPage = z.infer<typeof exchangeListReply>;

/** The plans allow at most 20 exchange accounts: one page of 100 holds a space's every account. */
export const EXCHANGE_PAGE_SIZE = 100;

/** GET /v4/wallets/exchange: the exchange accounts the caller may view (§3 exchange account item). */
export const fetchExchangeAccounts = (page = 1, pageSize = EXCHANGE_PAGE_SIZE) =>
  api.get<ExchangeAccountPage>(`${WEB_V4}/wallets/exchange`, { page, page_size: pageSize });

export const exchangeAccountsQuery = (spaceId: string | null) =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'list', spaceId] as const,
    queryFn: () => fetchExchangeAccounts(),
    // The page shows the failure with Retry itself.
    meta: { silent: true },
  });

export const useExchangeAccounts = (spaceId: string | null) =>
  useQuery({ ...exchangeAccountsQuery(spaceId), enabled: Boolean(spaceId) });

/** One account of the list (there is no single-account call); undefined while loading or when absent. */
export function useExchangeAccount(spaceId: string | null, walletId: number) {
  const accounts = useExchangeAccounts(spaceId);
  return { ...accounts, account: accounts.data?.list.find((item) => item.wallet_id === walletId) };
}
