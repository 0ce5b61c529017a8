import { useQuery } from '@tanstack/react-query';
import { WALLET_PAGE_SIZE } from '@keystead/contract/limits';
import type { AssetLine } from '@/features/wallet';
import { api, V1 } from '@/lib/api-client';

/** The few wallet facts the transfer screens need (read through the wallets API). */
export interface WalletChoice {
  wallet_id: number;
  name: string;
  chain_id: string;
  address: string | null;
  sign_type: number;
  status: number;
  threshold: number;
  is_operator: boolean;
  is_open_white_list: boolean;
  available_amount: string;
  /** Bitcoin family: the wallet's output descriptors (null or absent on EVM wallets). */
  descriptor?: { receive: string; change: string } | null;
}

interface Person {
  user_id: number;
  nickname: string | null;
  email: string;
}

export interface WalletPeople {
  wallet_id: number;
  chain_id: string;
  address: string | null;
  threshold: number;
  approval_threshold: number;
  broadcast_scope: number;
  is_open_white_list: boolean;
  signers: Array<Person & { address: string }>;
  approvers: Person[];
  operators: Person[];
  broadcasters: Person[];
  my_roles: string[];
  is_signer: boolean;
  /** Bitcoin family: the wallet's output descriptors (null or absent on EVM wallets). */
  descriptor?: { receive: string; change: string } | null;
}

export type { AssetLine } from '@/features/wallet';

export const useWalletChoices = (spaceId: string | null) =>
  useQuery({
    queryKey: ['transfer', 'wallets', spaceId],
    queryFn: () =>
      api.get<{ list: WalletChoice[] }>(`${V1}/wallets`, { page: 1, page_size: WALLET_PAGE_SIZE }),
    enabled: Boolean(spaceId),
  });

export const useWalletPeople = (walletId: number) =>
  useQuery({
    queryKey: ['transfer', 'wallet-people', walletId],
    queryFn: () => api.get<WalletPeople>(`${V1}/wallets/base-info`, { wallet_id: walletId }),
    enabled: walletId > 0,
  });

export const useWalletAssetLines = (walletId: number) =>
  useQuery({
    queryKey: ['transfer', 'wallet-assets', walletId],
    queryFn: () => api.get<{ detail: AssetLine[] }>(`${V1}/wallets/asset-info`, { wallet_id: walletId }),
    enabled: walletId > 0,
  });

export const personName = (person: { nickname: string | null; email: string }) =>
  person.nickname || person.email;

/** Bitcoin-family wallets are the descriptor wallets. */
export const isUtxoWallet = (wallet: { descriptor?: { receive: string } | null } | undefined) =>
  Boolean(wallet?.descriptor);
