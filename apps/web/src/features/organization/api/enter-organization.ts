import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { selectSpace } from '@/lib/space';

export const enterOrganization = (organizationId: string | number) =>
  api.post<null>(
    `${V1}/organization/enter`,
    { organization_id: organizationId },
    { organizationId: String(organizationId) },
  );

/** Enters a space and makes it the selected one (session storage + remembered cookie). */
export function useEnterOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (organizationId: string | number) => {
      await enterOrganization(organizationId);
      return organizationId;
    },
    onSuccess: async (organizationId) => {
      selectSpace(organizationId);
      await client.invalidateQueries({ queryKey: ['organization'] });
    },
  });
}
