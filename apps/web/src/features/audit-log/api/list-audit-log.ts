import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export interface AuditFilters {
  type?: string;
  operation?: string;
  user_id?: number;
  /** ISO date-times. */
  from?: string;
  to?: string;
}

export interface AuditRow {
  id: number;
  type: string;
  operation: string;
  content: unknown;
  space_user: string | null;
  user_id: number | null;
  ip: string | null;
  location: string | null;
  time: string;
}

export interface AuditPage {
  list: AuditRow[];
  page: number;
  page_size: number;
  total: number;
  /** false: the total was capped (show "10,000+"). */
  total_exact: boolean;
}

export const fetchAuditLog = (
  organizationId: string,
  query: AuditFilters & { page: number; page_size: number },
) => api.get<AuditPage>(`${V1}/audit-log`, { ...query }, { organizationId });

export const auditLogQuery = (
  organizationId: string,
  query: AuditFilters & { page: number; page_size: number },
) =>
  queryOptions({
    queryKey: ['audit-log', organizationId, query],
    queryFn: () => fetchAuditLog(organizationId, query),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (
  organizationId: string,
  query: AuditFilters & { page: number; page_size: number },
) => useQuery(auditLogQuery(organizationId, query));
