import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exchangeTransferItem, exchangeTransfersReply } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type ExchangeTransfer = z.infer<typeof exchangeTransferItem>;
export type ExchangeTransferPage = z.infer<typeof exchangeTransfersReply>;
export type ExchangeTransferType = ExchangeTransfer['type'];

export interface ExchangeTransferQuery {
  wallet_id: number;
  type?: ExchangeTransferType;
  page: number;
  page_size: number;
}

/** GET /v4/wallets/exchange/deposit-withdrawal: deposits and withdrawals at the exchange, newest first. */
export const fetchExchangeTransfers = (query: ExchangeTransferQuery) =>
  api.get<ExchangeTransferPage>(`${WEB_V4}/wallets/exchange/deposit-withdrawal`, { ...query });

export const exchangeTransfersQuery = (query: ExchangeTransferQuery) =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'transfers', query] as const,
    queryFn: () => fetchExchangeTransfers(query),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useExchangeTransfers = (query: ExchangeTransferQuery) => useQuery(exchangeTransfersQuery(query));
