import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { ScanState } from './types';

export type ScanFindingCode =
  'admin_without_authenticator' | 'approval_verification_off' | 'stale_invitations';
export interface ScanResult {
  environment_scan: Exclude<ScanState, 'scanning'>;
  findings: Array<{ code: ScanFindingCode; detail: string }>;
}

export const scanEnvironment = (organizationId: number) =>
  api.post<ScanResult>(`${V1}/organization/environment-scan`, {}, { organizationId: String(organizationId) });

export function useEnvironmentScan(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => scanEnvironment(organizationId),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: ['organization', 'base-info', String(organizationId)] }),
  });
}
