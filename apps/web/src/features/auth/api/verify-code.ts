import { api, V1 } from '@/lib/api-client';

export interface VerifyCodeReply {
  next: 'done' | 'mfa' | 'new_password';
  remaining_attempts?: number;
}

/** The second check of log-in and of the password reset (§7 /email-mfa/verify). */
export const verifyCode = (body: {
  category: 'login' | 'forget_password';
  email?: string;
  email_code?: string;
  mfa_code?: string;
}) => api.post<VerifyCodeReply>(`${V1}/email-mfa/verify`, body);
