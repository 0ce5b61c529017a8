import type { CaptchaCategory, CaptchaReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { CaptchaCategory };

/** `captcha` is an image data URL, or null when no image check is needed. */
export const fetchCaptcha = (params: {
  category: CaptchaCategory;
  email?: string;
  org_invite_token?: string;
}) => api.get<CaptchaReply>(`${V1}/captcha`, params);
