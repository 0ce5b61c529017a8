import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

/** Removes a member or withdraws a pending invitation (never the creator). */
export const deleteMember = (organizationId: number, memberId: number) =>
  api.delete<DoneReply>(
    `${V1}/organization/member`,
    { member_id: memberId },
    { organizationId: String(organizationId) },
  );

export function useDeleteMember(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => deleteMember(organizationId, memberId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organization'] }),
  });
}
