import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserBaseInfo } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';
import { setStoredUser } from '@/lib/session';

export type { UserBaseInfo };

export const USER_BASE_INFO_KEY = ['account', 'base-info'] as const;

/** Loads the signed-in user and keeps the stored copy (localStorage) in step. */
export async function fetchUserBaseInfo(): Promise<UserBaseInfo> {
  const user = await api.get<UserBaseInfo>(`${V1}/user/base-info`);
  setStoredUser(user);
  return user;
}

export const userBaseInfoQuery = () =>
  queryOptions({ queryKey: USER_BASE_INFO_KEY, queryFn: fetchUserBaseInfo, staleTime: 60_000, retry: false });

export const useUserBaseInfo = (enabled = true) => useQuery({ ...userBaseInfoQuery(), enabled });
