import { api, V1 } from '@/lib/api-client';

export const logout = () => api.post<null>(`${V1}/logout`, {});
