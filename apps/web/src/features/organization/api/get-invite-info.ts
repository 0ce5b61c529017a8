import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { InviteInfo } from './types';

export const fetchInviteInfo = (token: string) =>
  api.get<InviteInfo>(`${V1}/organization/org-invite-info`, { token }, { organizationId: null });

export const inviteInfoQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => fetchInviteInfo(token),
    retry: false,
    meta: { silent: true },
  });

export const useInviteInfo = (token: string) =>
  useQuery({ ...inviteInfoQuery(token), enabled: token.length > 0 });
