import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransferPage } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';

/** GET /transfer/list of one wallet (every transfer the caller may see, newest first). */
export const useWalletTransfers = (walletId: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: ['transfer', 'list', 'wallet', walletId, page, pageSize],
    queryFn: () =>
      api.get<TransferPage>(`${V1}/transfer/list`, {
        tab: 'all',
        wallet_id: walletId,
        page,
        page_size: pageSize,
      }),
    placeholderData: keepPreviousData,
  });
