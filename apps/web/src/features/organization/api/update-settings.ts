import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { Space } from './types';

export interface SpaceSettingsInput {
  enable_approve_mfa?: boolean;
  enable_testnet?: boolean;
  enable_dapp?: boolean;
}

export const updateSpaceSettings = (organizationId: number, body: SpaceSettingsInput) =>
  api.put<Space>(`${V1}/organization/settings`, body, { organizationId: String(organizationId) });

/** §4: the switches update is_open_approve, is_open_testnet, is_open_dapp of the space. */
export function useUpdateSpaceSettings(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SpaceSettingsInput) => updateSpaceSettings(organizationId, body),
    onSuccess: async (space) => {
      client.setQueryData(['organization', 'base-info', String(space.organization_id)], space);
      await client.invalidateQueries({ queryKey: ['organization', 'list'] });
    },
  });
}
