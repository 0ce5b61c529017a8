import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

/** Roles of §6: 0 Member, 1 Creator, 2 Admin, 7 User. Creator and Admin are privileged. */
export const SPACE_ROLES = { member: 0, creator: 1, admin: 2, user: 7 } as const;

export interface OrganizationBaseInfo {
  organization_id: string | number;
  name: string;
  role: number;
  is_admin: boolean;
  is_operator: boolean;
  wallet_count: number;
  feature_list: string[];
  chain_ids: number[];
}

export function isPrivileged(info: Pick<OrganizationBaseInfo, 'role' | 'is_admin'>): boolean {
  return info.is_admin || info.role === SPACE_ROLES.creator || info.role === SPACE_ROLES.admin;
}

export const organizationBaseInfoKey = (id: string) => ['organization', 'base-info', id] as const;

export const fetchOrganizationBaseInfo = (id: string) =>
  api.get<OrganizationBaseInfo>(`${V1}/organization/base-info`, undefined, { organizationId: id });

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
