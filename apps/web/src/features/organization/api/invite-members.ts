import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { InviteReply } from './types';

export const inviteMembers = (organizationId: number, body: { emails: string; role: number }) =>
  api.post<InviteReply>(`${V1}/organization/invite`, body, {
    organizationId: String(organizationId),
  });

/** Errors are shown by the invite modal (limit modal for LIMIT_MEMBERS_ERROR, toasts otherwise). */
export function useInviteMembers(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { emails: string; role: number }) => inviteMembers(organizationId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organization', 'members', organizationId] }),
  });
}
