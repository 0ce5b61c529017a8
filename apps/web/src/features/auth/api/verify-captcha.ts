import { api, V1 } from '@/lib/api-client';
import type { CaptchaCategory } from './get-captcha';

export const verifyCaptcha = (body: { category: CaptchaCategory; captcha_code: string }) =>
  api.post<null>(`${V1}/captcha`, body);
