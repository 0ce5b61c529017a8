import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

export const logout = () => api.post<DoneReply>(`${V1}/logout`, {});
