import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob, V1 } from '@/lib/api-client';
import type { AuditFilters } from './list-audit-log';

/** GET /audit-log/export: the filtered log as CSV, offered as a download. */
export async function exportAuditLog(organizationId: string, filters: AuditFilters): Promise<void> {
  const { blob, filename } = await apiDownload(`${V1}/audit-log/export`, { ...filters }, { organizationId });
  saveBlob(blob, filename ?? `audit-log-${organizationId}.csv`);
}

export const useExportAuditLog = (organizationId: string) =>
  useMutation({ mutationFn: (filters: AuditFilters) => exportAuditLog(organizationId, filters) });
