import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userRiskReply } from '@keystead/contract/api/space-lookups';
import { api, V1 } from '@/lib/api-client';

/** POST /organization/user-risk: members' risk tags with their last sign-in and devices (admins). */
export type UserRisk = z.infer<typeof userRiskReply>;

export const useUserRisk = (organizationId: number, userId: number | null) =>
  useQuery({
    queryKey: ['organization', 'user-risk', organizationId, userId],
    queryFn: () =>
      api.post<UserRisk>(
        `${V1}/organization/user-risk`,
        { user_ids: [userId] },
        { organizationId: String(organizationId) },
      ),
    enabled: userId !== null,
    retry: false,
    meta: { silent: true },
  });
