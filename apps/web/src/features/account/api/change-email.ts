import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';
import { USER_BASE_INFO_KEY } from './get-user-base-info';

export const changeEmail = (body: { email: string; email_code: string; new_email_code: string }) =>
  api.post<ChangeEmailReply>(`${V1}/user/email`, body);

export function useChangeEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: USER_BASE_INFO_KEY }),
  });
}
