import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, V1 } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { clearOtherSpaceDrafts, clearSelectedSpace, selectSpace } from '@/lib/space';
import type { EnterSpaceReply } from './types';

export const enterOrganization = (organizationId: string | number) =>
  api.post<EnterSpaceReply>(
    `${V1}/organization/enter`,
    { organization_id: Number(organizationId) },
    { organizationId: String(organizationId) },
  );

/**
 * §4 Organization: entering a space stores it in session storage (the server remembers it in the
 * ks_last_space cookie) and clears other spaces' wallet drafts. A failed switch empties the
 * selection and toasts, unless the status is 401 or 403 (those are handled where they happen).
 */
export function useEnterOrganization() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (organizationId: string | number) => enterOrganization(organizationId),
    onSuccess: async (space) => {
      selectSpace(space.organization_id);
      clearOtherSpaceDrafts(space.organization_id);
      client.setQueryData(['organization', 'base-info', String(space.organization_id)], space);
      await client.invalidateQueries({ queryKey: ['organization'] });
    },
    onError: (error) => {
      clearSelectedSpace();
      if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
      void showErrorToast(error);
    },
  });
}
