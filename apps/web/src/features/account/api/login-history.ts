import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginHistoryItem, LoginHistoryReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { LoginHistoryItem };

export const LOGIN_HISTORY_KEY = ['account', 'login-history'] as const;
export const fetchLoginHistory = () => api.get<LoginHistoryReply>(`${V1}/user/login-history`);
export const loginHistoryQuery = () =>
  queryOptions({ queryKey: LOGIN_HISTORY_KEY, queryFn: fetchLoginHistory });
export const useLoginHistory = () => useQuery(loginHistoryQuery());
