import type { DoneReply } from '@keystead/contract/api/reply';
import type { JoinReply } from '@keystead/contract/api/spaces';
import { api, V1 } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export const register = (body: {
  email: string;
  email_code: string;
  password: string;
  invite_token?: string;
}) => api.post<DoneReply>(`${V1}/register`, { ...body, language_code: currentLanguage() });

/** Registration through an organisation invitation (§3 invite register). */
export const inviteRegister = (body: {
  email?: string;
  email_code: string;
  password: string;
  org_invite_token: string;
}) => api.post<JoinReply>(`${V1}/invite-register`, { ...body, language_code: currentLanguage() });
