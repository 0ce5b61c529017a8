import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { labelTreeReply } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';

export type LabelTree = z.infer<typeof labelTreeReply>;

/** GET /label-config/tree: the enabled categories with their enabled labels (the list's filter). */
export const useEnabledLabelTree = (spaceId: string | null) =>
  useQuery({
    queryKey: ['labels', 'enabled-tree', spaceId],
    queryFn: () => api.get<LabelTree>(`${V1}/label-config/tree`),
    enabled: Boolean(spaceId),
    staleTime: 60_000,
  });
