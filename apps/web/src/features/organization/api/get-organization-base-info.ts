import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { Space } from './types';

export { SPACE_ROLES, isPrivileged } from '../space-roles';
export type OrganizationBaseInfo = Space;

export const organizationBaseInfoKey = (id: string) => ['organization', 'base-info', id] as const;

export const fetchOrganizationBaseInfo = (id: string) =>
  api.get<Space>(`${V1}/organization/base-info`, undefined, { organizationId: id });

export const organizationBaseInfoQuery = (id: string) =>
  queryOptions({
    queryKey: organizationBaseInfoKey(id),
    queryFn: () => fetchOrganizationBaseInfo(id),
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });

export const useOrganizationBaseInfo = (id: string | null) =>
  useQuery({ ...organizationBaseInfoQuery(id ?? ''), enabled: Boolean(id) });
