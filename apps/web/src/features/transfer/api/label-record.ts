import { useQuery } from '@tanstack/react-query';
import type { LabelRecords } from '@keystead/contract/api/labels';
import { api, V1 } from '@/lib/api-client';

/** GET /label-record: who set a transfer's fund purpose, from what to what, newest first. */
export const useLabelRecords = (taskId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['labels', 'record', taskId],
    queryFn: () => api.get<LabelRecords>(`${V1}/label-record`, { task_id: taskId }),
    enabled: enabled && taskId > 0,
    meta: { silent: true },
  });
