import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

export interface UpdateMemberInput {
  member_id: number;
  role?: number;
  status?: 'blocked' | 'joined';
}

/** Block, unblock or change the role; the server's refusals (§6) toast through the §8 mapping. */
export const updateMember = (organizationId: number, body: UpdateMemberInput) =>
  api.put<DoneReply>(`${V1}/organization/member`, body, { organizationId: String(organizationId) });

export function useUpdateMember(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMemberInput) => updateMember(organizationId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organization', 'members', organizationId] }),
  });
}
