import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForceLogoutReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';
import { LOGIN_HISTORY_KEY } from './login-history';

/** Without a session id every other session of the user ends. */
export const forceLogout = (body: { session_id?: number }) =>
  api.post<ForceLogoutReply>(`${V1}/user/force-logout`, body);

export function useForceLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: forceLogout,
    onSuccess: () => client.invalidateQueries({ queryKey: LOGIN_HISTORY_KEY }),
  });
}
