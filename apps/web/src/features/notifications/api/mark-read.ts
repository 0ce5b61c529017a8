import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './list-notifications';

export const markNotificationsRead = (body: { ids?: number[]; all?: boolean }) =>
  api.post<{ updated: number }>(`${V1}/notification/read`, body, { organizationId: null });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
