import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { Space } from './types';

export interface UpdateSpaceInput {
  organizationId: number;
  name?: string;
  description?: string;
  /** A new logo: the request becomes multipart form data. */
  logo?: File | null;
}

/** PATCH /organization: JSON, or form data with the fields and a `logo` file. */
export function updateOrganization({ organizationId, logo, ...fields }: UpdateSpaceInput) {
  const options = { organizationId: String(organizationId) };
  if (!logo) return api.patch<Space>(`${V1}/organization`, fields, options);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('logo', logo);
  return api.patch<Space>(`${V1}/organization`, form, options);
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (space) => {
      client.setQueryData(['organization', 'base-info', String(space.organization_id)], space);
      await client.invalidateQueries({ queryKey: ['organization'] });
    },
  });
}
