import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { USER_BASE_INFO_KEY, type UserBaseInfo } from './get-user-base-info';

export interface BaseInfoChange {
  nickname?: string;
  company?: string;
  currency?: string;
  language_code?: string;
  /** Sent as the multipart field `avatar`. */
  avatar?: File;
}

/** PATCH /user/base-info: JSON for text fields, multipart when an avatar is included. */
export function updateUserBaseInfo(change: BaseInfoChange): Promise<UserBaseInfo> {
  const { avatar, ...fields } = change;
  if (!avatar) return api.patch<UserBaseInfo>(`${V1}/user/base-info`, fields);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('avatar', avatar);
  return api.patch<UserBaseInfo>(`${V1}/user/base-info`, form);
}

export function useUpdateUserBaseInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserBaseInfo,
    onSuccess: () => client.invalidateQueries({ queryKey: USER_BASE_INFO_KEY }),
  });
}
