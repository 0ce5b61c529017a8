import type { VerifyCodeReply } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { VerifyCodeReply };

/** The second check of log-in and of the password reset (§7 /email-mfa/verify). */
export const verifyCode = (body: {
  category: 'login' | 'forget_password';
  email?: string;
  email_code?: string;
  mfa_code?: string;
}) => api.post<VerifyCodeReply>(`${V1}/email-mfa/verify`, body);
