import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { labelSavedReply, labelSetBody } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';
import { TRANSFER_KEY } from './transfer-queries';

export type LabelSetInput = z.infer<typeof labelSetBody>;

/** POST /label/set: a transfer's fund purpose, changed by the wallet's operators and the space's admins. */
export function useSetTransferLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelSetInput) => api.post<z.infer<typeof labelSavedReply>>(`${V1}/label/set`, body),
    onSuccess: async () => {
      // The detail, the lists, the history and the recently used labels.
      await Promise.all([
        client.invalidateQueries({ queryKey: TRANSFER_KEY }),
        client.invalidateQueries({ queryKey: ['labels'] }),
      ]);
    },
  });
}
