import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { Edition, Space } from './types';

export interface CreateSpaceInput {
  name: string;
  description?: string;
  kind: 1 | 2;
  edition: Edition;
}

export const createOrganization = (body: CreateSpaceInput) =>
  api.post<Space>(`${V1}/organization`, body, { organizationId: null });

/** Errors (MFA required, space limit) are shown by the caller: a prompt or a limit modal. */
export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: createOrganization,
    onSuccess: () => client.invalidateQueries({ queryKey: ['organization', 'list'] }),
  });
}
