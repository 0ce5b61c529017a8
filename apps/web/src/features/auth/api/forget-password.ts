import { api, V1 } from '@/lib/api-client';

export const forgetPassword = (body: { password: string }) => api.post<null>(`${V1}/forget-password`, body);
