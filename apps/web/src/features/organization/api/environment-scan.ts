import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { EnvironmentScan } from './types';

export type ScanResult = EnvironmentScan;
export type ScanFindingCode = ScanResult['findings'][number]['code'];

export const scanEnvironment = (organizationId: number) =>
  api.post<EnvironmentScan>(
    `${V1}/organization/environment-scan`,
    {},
    { organizationId: String(organizationId) },
  );

export function useEnvironmentScan(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => scanEnvironment(organizationId),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: ['organization', 'base-info', String(organizationId)] }),
  });
}
