import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';
import type { CaptchaCategory } from './get-captcha';

export const verifyCaptcha = (body: { category: CaptchaCategory; captcha_code: string }) =>
  api.post<DoneReply>(`${V1}/captcha`, body);
