import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { labelCreateBody, labelSavedReply } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';
import { LABELS_KEY } from './label-tree';

export type LabelCreateInput = z.infer<typeof labelCreateBody>;
export type LabelSaved = z.infer<typeof labelSavedReply>;

/** POST /label-config: a new category, or a new label in a category (admins). */
export function useCreateLabel(spaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelCreateInput) =>
      api.post<LabelSaved>(`${V1}/label-config`, body, { organizationId: String(spaceId) }),
    // The modal says the error under the name.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: LABELS_KEY }),
  });
}
