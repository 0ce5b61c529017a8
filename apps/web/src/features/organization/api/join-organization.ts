import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { JoinReply } from './types';

export const joinOrganization = (token: string) =>
  api.post<JoinReply>(`${V1}/organization/join`, { token }, { organizationId: null });

/** Errors (invitee mismatch, expired) are shown on the invitation page itself. */
export const useJoinOrganization = () =>
  useMutation({ mutationFn: joinOrganization, meta: { silent: true } });
