import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LabelCategory } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';

/** Every label query's key starts with this: a change to the tree refreshes them all. */
export const LABELS_KEY = ['labels'] as const;

/** GET /label-category/tree: every category and label not deleted (the settings tab). */
export const labelSettingsTreeQuery = (spaceId: number) =>
  queryOptions({
    queryKey: [...LABELS_KEY, 'settings-tree', spaceId],
    queryFn: () =>
      api.get<{ list: LabelCategory[] }>(`${V1}/label-category/tree`, undefined, {
        organizationId: String(spaceId),
      }),
    meta: { silent: true },
  });

export const useLabelSettingsTree = (spaceId: number) => useQuery(labelSettingsTreeQuery(spaceId));
