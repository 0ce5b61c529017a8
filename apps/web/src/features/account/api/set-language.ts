import type { SetLanguageReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

/** Saves the user's language; only sent while logged in (§7). */
export const saveUserLanguage = (code: string) => api.post<SetLanguageReply>(`${V1}/language`, { code });
