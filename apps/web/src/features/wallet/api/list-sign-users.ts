import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { SignUserList } from './types';

/** Verified signer addresses of the space's joined members (admins only). */
export const fetchSignUsers = () => api.get<SignUserList>(`${V1}/permission-address/wallet-sign-user`);

export const signUsersQuery = (spaceId: string | null) =>
  queryOptions({ queryKey: ['wallet', 'sign-users', spaceId], queryFn: fetchSignUsers });

export const useSignUsers = (spaceId: string | null) =>
  useQuery({ ...signUsersQuery(spaceId), enabled: Boolean(spaceId) });
