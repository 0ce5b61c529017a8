import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { MemberPage, MemberStatus } from './types';

export interface MemberQuery {
  page: number;
  page_size: number;
  status?: MemberStatus;
  keyword?: string;
}

export const membersKey = (organizationId: number, query?: MemberQuery) =>
  query
    ? (['organization', 'members', organizationId, query] as const)
    : (['organization', 'members', organizationId] as const);

export const fetchMembers = (organizationId: number, query: MemberQuery) =>
  api.get<MemberPage>(`${V1}/organization/member`, { ...query }, { organizationId: String(organizationId) });

export const membersQuery = (organizationId: number, query: MemberQuery) =>
  queryOptions({
    queryKey: membersKey(organizationId, query),
    queryFn: () => fetchMembers(organizationId, query),
    placeholderData: keepPreviousData,
  });

export const useMembers = (organizationId: number, query: MemberQuery, enabled = true) =>
  useQuery({ ...membersQuery(organizationId, query), enabled });
