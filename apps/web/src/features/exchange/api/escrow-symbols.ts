import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { escrowSymbolReply } from '@keystead/contract/api/escrow';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type EscrowSymbols = z.infer<typeof escrowSymbolReply>;

/** GET /v4/escrow/symbol: the exchange's spot pairs, offered for a rule's whitelist. */
export const escrowSymbolsQuery = (walletId: number) =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'symbols', walletId] as const,
    queryFn: () => api.get<EscrowSymbols>(`${WEB_V4}/escrow/symbol`, { wallet_id: walletId }),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });

export const useEscrowSymbols = (walletId: number) => useQuery(escrowSymbolsQuery(walletId));
