import { api, V1 } from '@/lib/api-client';

export type CaptchaCategory = 'login' | 'register' | 'invite_register' | 'forget_password';

/** `captcha` is an image data URL, or null when no image check is needed. */
export const fetchCaptcha = (params: {
  category: CaptchaCategory;
  email?: string;
  org_invite_token?: string;
}) => api.get<{ captcha: string | null }>(`${V1}/captcha`, params);
