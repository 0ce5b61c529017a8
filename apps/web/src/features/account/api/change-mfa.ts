import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaChange, MfaChangeReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';
import { USER_BASE_INFO_KEY } from './get-user-base-info';
import { MFA_INFO_KEY } from './get-mfa-info';

export type { MfaChange };

export const changeMfa = (body: MfaChange) => api.post<MfaChangeReply>(`${V1}/user/mfa-info`, body);

export function useChangeMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeMfa,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: MFA_INFO_KEY });
      await client.invalidateQueries({ queryKey: USER_BASE_INFO_KEY });
    },
  });
}
