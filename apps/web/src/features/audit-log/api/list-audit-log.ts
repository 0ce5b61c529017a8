import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditRow } from '@keystead/contract/api/spaces';
import { api, V1 } from '@/lib/api-client';

export type { AuditPage, AuditRow };

export interface AuditFilters {
  type?: string;
  operation?: string;
  user_id?: number;
  /** ISO date-times. */
  from?: string;
  to?: string;
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
