import { useMutation } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

export const changePassword = (body: { old_password: string; password: string; email_code: string }) =>
  api.post<DoneReply>(`${V1}/reset-password`, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
