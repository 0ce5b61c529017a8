import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { spaceMfaReply } from '@keystead/contract/api/space-lookups';
import { api, V1 } from '@/lib/api-client';
import { useSelectedSpaceId } from '@/lib/space';

/** GET /organization/mfa: what approving asks of the caller in this space, and whether they can give it. */
export type SpaceMfa = z.infer<typeof spaceMfaReply>;

export function useSpaceMfa(enabled = true) {
  const spaceId = useSelectedSpaceId();
  return useQuery({
    queryKey: ['organization', 'mfa', spaceId],
    queryFn: () => api.get<SpaceMfa>(`${V1}/organization/mfa`, undefined, { organizationId: spaceId }),
    enabled: enabled && Boolean(spaceId),
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });
}
