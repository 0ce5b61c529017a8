import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailNotifications } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { EmailNotifications };

const KEY = ['account', 'email-notifications'] as const;

export const fetchEmailNotifications = () =>
  api.get<EmailNotifications>(`${V1}/user-profile/email-notifications`);
export const emailNotificationsQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: fetchEmailNotifications });
export const useEmailNotifications = () => useQuery(emailNotificationsQuery());

export const updateEmailNotifications = (body: EmailNotifications) =>
  api.put<EmailNotifications>(`${V1}/user-profile/email-notifications`, body);

export function useUpdateEmailNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmailNotifications,
    onMutate: (next) => client.setQueryData(KEY, next),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
