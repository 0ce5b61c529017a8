import { useMutation } from '@tanstack/react-query';
import type { AuditVerifyReport } from '@keystead/contract/api/spaces';
import { api, V1 } from '@/lib/api-client';

export type { AuditVerifyReport };

export const verifyAuditLog = (organizationId: string) =>
  api.get<AuditVerifyReport>(`${V1}/audit-log/verify`, undefined, { organizationId });

export const useVerifyAuditLog = (organizationId: string) =>
  useMutation({ mutationFn: () => verifyAuditLog(organizationId) });
