import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { labelTransferReply } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';

export type LabelTransferReply = z.infer<typeof labelTransferReply>;

/**
 * GET /label-transfer: the fund purposes a transfer of this wallet may carry — the caller's recently
 * used first, then the enabled tree — and whether the wallet requires one (its asset-tag switch).
 */
export const useLabelTransfer = (walletId: number) =>
  useQuery({
    // Under 'labels': a change in the space's settings refreshes it too.
    queryKey: ['labels', 'transfer', walletId],
    queryFn: () => api.get<LabelTransferReply>(`${V1}/label-transfer`, { wallet_id: walletId }),
    enabled: walletId > 0,
    // The field shows its own error with Retry.
    meta: { silent: true },
  });
