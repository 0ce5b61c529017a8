import { api, V1 } from '@/lib/api-client';

/** Saves the user's language; only sent while logged in (§7). */
export const saveUserLanguage = (code: string) => api.post<null>(`${V1}/language`, { code });
