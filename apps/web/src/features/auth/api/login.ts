import { api, V1 } from '@/lib/api-client';

export interface LoginReply {
  other_device_login: boolean;
  second_factor: 'totp' | 'email';
}

export const login = (body: { email: string; password: string }) => api.post<LoginReply>(`${V1}/login`, body);
