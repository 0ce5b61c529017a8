import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';
import { USER_BASE_INFO_KEY } from './get-user-base-info';

export const setAntiPhishingCode = (body: { code: string; email_code: string }) =>
  api.post<DoneReply>(`${V1}/user/anti-fishing-code`, body);

export function useSetAntiPhishingCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAntiPhishingCode,
    onSuccess: () => client.invalidateQueries({ queryKey: USER_BASE_INFO_KEY }),
  });
}
