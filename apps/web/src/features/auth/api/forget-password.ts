import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

export const forgetPassword = (body: { password: string }) =>
  api.post<DoneReply>(`${V1}/forget-password`, body);
