import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { labelConfigPageReply } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';
import { LABELS_KEY } from './label-tree';

/** The call's query (contract: labelConfigQuery). */
export interface LabelConfigQuery {
  page: number;
  page_size: number;
  category_id?: number;
  status?: 1 | 2;
  keyword?: string;
}
export type LabelConfigPage = z.infer<typeof labelConfigPageReply>;

/** GET /label-config: the labels (not deleted) with who changed them last and how many transfers carry them. */
export const useLabelConfig = (spaceId: number, query: LabelConfigQuery) =>
  useQuery({
    queryKey: [...LABELS_KEY, 'config', spaceId, query],
    queryFn: () =>
      api.get<LabelConfigPage>(`${V1}/label-config`, { ...query }, { organizationId: String(spaceId) }),
    // The counts are extra facts beside the tree: their failure leaves a dash, not a toast.
    meta: { silent: true },
  });
