import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { labelUpdateBody } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';
import type { LabelSaved } from './create-label';
import { LABELS_KEY } from './label-tree';

export type LabelUpdateInput = z.infer<typeof labelUpdateBody>;

/** PUT /label-config: rename, move, enable (1), disable (2) or delete (-2) one entry (admins). */
export function useUpdateLabel(spaceId: number, silent = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelUpdateInput) =>
      api.put<LabelSaved>(`${V1}/label-config`, body, { organizationId: String(spaceId) }),
    // Modals say their error inside; a switch in the table toasts it.
    meta: { silent },
    onSuccess: () => client.invalidateQueries({ queryKey: LABELS_KEY }),
  });
}
