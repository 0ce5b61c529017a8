import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export interface LoginHistoryItem {
  session_id: number;
  login_time: string;
  last_seen: string;
  device: string;
  ip: string | null;
  location: string | null;
  current: boolean;
  active: boolean;
}

export const LOGIN_HISTORY_KEY = ['account', 'login-history'] as const;
export const fetchLoginHistory = () => api.get<{ list: LoginHistoryItem[] }>(`${V1}/user/login-history`);
export const loginHistoryQuery = () =>
  queryOptions({ queryKey: LOGIN_HISTORY_KEY, queryFn: fetchLoginHistory });
export const useLoginHistory = () => useQuery(loginHistoryQuery());
