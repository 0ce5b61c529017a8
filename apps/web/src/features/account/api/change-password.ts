import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export const changePassword = (body: { old_password: string; password: string; email_code: string }) =>
  api.post<null>(`${V1}/reset-password`, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
