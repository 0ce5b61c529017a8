import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { Space, SpaceList } from './types';

export type OrganizationListItem = Space;

export const ORGANIZATIONS_KEY = ['organization', 'list'] as const;
export const fetchOrganizations = () =>
  api.get<SpaceList>(`${V1}/organization`, undefined, {
    organizationId: null,
  });
export const organizationsQuery = () =>
  queryOptions({ queryKey: ORGANIZATIONS_KEY, queryFn: fetchOrganizations, retry: false });
export const useOrganizations = () => useQuery(organizationsQuery());
