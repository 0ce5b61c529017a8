import type { LoginReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { LoginReply };

export const login = (body: { email: string; password: string }) => api.post<LoginReply>(`${V1}/login`, body);
