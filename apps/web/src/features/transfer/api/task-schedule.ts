import { useQuery } from '@tanstack/react-query';
import type { BroadcastSchedule, TaskSchedule } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/**
 * GET /task/schedule: each step with who acted and when, and its count towards the threshold. The
 * task's status is in the key: every change of status (the detail re-reads it) reads the steps again.
 */
export const useTaskSchedule = (taskId: number, status: number, signatures: number, approvals: number) =>
  useQuery({
    queryKey: ['transfer', 'schedule', taskId, status, signatures, approvals] as const,
    queryFn: () => api.get<TaskSchedule>(`${V1}/task/schedule`, { task_id: taskId }),
    enabled: taskId > 0,
    meta: { silent: true },
  });

/** GET /broadcast-schedule: every broadcast attempt, how often it was sent and when. */
export const useBroadcastSchedule = (taskId: number, status: number, attempts: number) =>
  useQuery({
    queryKey: ['transfer', 'broadcast-schedule', taskId, status, attempts] as const,
    queryFn: () => api.get<BroadcastSchedule>(`${V1}/broadcast-schedule`, { task_id: taskId }),
    enabled: taskId > 0 && attempts > 0,
    meta: { silent: true },
  });
