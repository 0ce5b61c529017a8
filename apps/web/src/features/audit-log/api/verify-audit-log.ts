import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export interface AuditVerifyReport {
  intact: boolean;
  rows: number;
  first_broken: { chain: string; rowId: number; reason: string } | null;
}

export const verifyAuditLog = (organizationId: string) =>
  api.get<AuditVerifyReport>(`${V1}/audit-log/verify`, undefined, { organizationId });

export const useVerifyAuditLog = (organizationId: string) =>
  useMutation({ mutationFn: () => verifyAuditLog(organizationId) });
