import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export interface OrganizationListItem {
  organization_id: string | number;
  name: string;
  role: number;
  type: number;
  wallet_count: number;
  member_count: number;
  logo_url?: string | null;
  description?: string | null;
}

export const ORGANIZATIONS_KEY = ['organization', 'list'] as const;
export const fetchOrganizations = () =>
  api.get<{ list: OrganizationListItem[] }>(`${V1}/organization`, undefined, { organizationId: null });
export const organizationsQuery = () =>
  queryOptions({ queryKey: ORGANIZATIONS_KEY, queryFn: fetchOrganizations, retry: false });
export const useOrganizations = () => useQuery(organizationsQuery());
