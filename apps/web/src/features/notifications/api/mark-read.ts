import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadReply } from '@keystead/contract/api/spaces';
import { api, V1 } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './list-notifications';

export const markNotificationsRead = (body: { ids?: number[]; all?: boolean }) =>
  api.post<MarkReadReply>(`${V1}/notification/read`, body, { organizationId: null });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
