import { queryOptions, useQuery } from '@tanstack/react-query';
import { WALLET_PAGE_SIZE } from '@keystead/contract/limits';
import { api, V1 } from '@/lib/api-client';
import type { WalletList } from './types';

export interface WalletListQuery {
  page?: number;
  page_size?: number;
  sign_type?: number;
  chain_key?: string;
  keyword?: string;
  /** 'true': archived wallets (admins only). */
  archived?: 'true';
}

export const walletsKey = (spaceId: string | null, query?: WalletListQuery) =>
  query ? (['wallet', 'list', spaceId, query] as const) : (['wallet', 'list', spaceId] as const);

/** The archive has its own path (§7 GET /wallets/archive); the live list is GET /wallets. */
export const fetchWallets = ({ archived, ...query }: WalletListQuery) =>
  api.get<WalletList>(archived === 'true' ? `${V1}/wallets/archive` : `${V1}/wallets`, {
    page: 1,
    page_size: WALLET_PAGE_SIZE,
    ...query,
  });

export const walletsQuery = (spaceId: string | null, query: WalletListQuery = {}) =>
  queryOptions({ queryKey: walletsKey(spaceId, query), queryFn: () => fetchWallets(query) });

export const useWallets = (spaceId: string | null, query: WalletListQuery = {}) =>
  useQuery({ ...walletsQuery(spaceId, query), enabled: Boolean(spaceId) });
