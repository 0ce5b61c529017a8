import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

export const reinviteMember = (organizationId: number, memberId: number) =>
  api.post<DoneReply>(
    `${V1}/organization/reinvite`,
    { member_id: memberId },
    { organizationId: String(organizationId) },
  );

export function useReinviteMember(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => reinviteMember(organizationId, memberId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organization', 'members', organizationId] }),
  });
}
