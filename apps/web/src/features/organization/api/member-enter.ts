import { useQuery } from '@tanstack/react-query';
import type { MemberSession } from '@keystead/contract/api/space-lookups';
import { api, V1 } from '@/lib/api-client';

/**
 * POST /organization/member/enter: enters the space as a member and answers the member's session
 * record with the wallet roles held there. Entering the space one is in changes nothing, so the
 * current space's record is read like a query (and again whenever spaces are re-read).
 */
export const useMemberSession = (organizationId: number | null) =>
  useQuery({
    queryKey: ['organization', 'member-enter', organizationId] as const,
    queryFn: () =>
      api.post<MemberSession>(
        `${V1}/organization/member/enter`,
        { organization_id: organizationId },
        { organizationId: String(organizationId) },
      ),
    enabled: organizationId !== null,
    meta: { silent: true },
  });
