import { z } from 'zod';
import { SEND_CODE_CATEGORIES } from '../enums';
import type { Language } from '../languages';
import { emailField, languageField, passwordField, sixDigitCode, text } from './common';
import { isoTime, listOf } from './reply';

/** §3/§7 account calls: captcha, e-mail codes, register, login and its second factor. */
export const CAPTCHA_CATEGORIES = ['login', 'register', 'invite_register', 'forget_password'] as const;
export const captchaCategory = z.enum(CAPTCHA_CATEGORIES);
export type CaptchaCategory = z.infer<typeof captchaCategory>;

export const getCaptchaQuery = z.object({
  category: captchaCategory,
  email: emailField.optional(),
  org_invite_token: text().max(200).optional(),
});
/** `captcha` is an image data URL, or null when the server does not ask for one. */
export const getCaptchaReply = z.object({ captcha: z.string().nullable() });
export type CaptchaReply = z.infer<typeof getCaptchaReply>;

export const verifyCaptchaBody = z.object({
  category: captchaCategory,
  captcha_code: text().trim().min(1).max(12),
});

export const sendEmailCodeBody = z.object({
  category: z.enum(SEND_CODE_CATEGORIES),
  /** Needed where nobody is signed in yet (register, forget_password) and for edit_new_email. */
  email: emailField.optional(),
  /** invite_register: the invitation names the address. */
  org_invite_token: text().min(10).max(200).optional(),
  language_code: languageField.default('en-US'),
});
export const sendEmailCodeReply = z.object({ resend_after_seconds: z.number() });
/**
 * The reply's message where the server must not tell whether an account uses the address
 * (forget_password, edit_new_email): the same words whether a code was sent or not.
 */
export const CODE_SENT_IF_DELIVERABLE: Record<Language, string> = {
  'en-US': 'If the address can receive it, a code was sent.',
  'zh-CN': '如果该邮箱可以接收，验证码已发送。',
  'zh-HK': '如果該電郵地址可以接收，驗證碼已發送。',
};
export type SendEmailCodeReply = z.infer<typeof sendEmailCodeReply>;

export const registerBody = z.object({
  email: emailField,
  email_code: sixDigitCode,
  password: passwordField,
  invite_token: text().trim().length(16, 'INVITATION_CODE_ERROR').optional(),
  language_code: languageField.default('en-US'),
});

export const loginBody = z.object({ email: emailField, password: text().min(1).max(128) });
export const loginReply = z.object({
  other_device_login: z.boolean(),
  second_factor: z.enum(['totp', 'email']),
});
export type LoginReply = z.infer<typeof loginReply>;

/** The second check. `category` says which flow it belongs to. */
export const verifyCodeBody = z.object({
  category: z.enum(['login', 'forget_password']),
  email: emailField.optional(),
  email_code: sixDigitCode.optional(),
  mfa_code: sixDigitCode.optional(),
  f_token: text().max(200).optional(),
});
export const verifyCodeReply = z.object({
  /** forget_password: the next step of the reset. login: "done". */
  next: z.enum(['done', 'mfa', 'new_password']),
  remaining_attempts: z.number().optional(),
});
export type VerifyCodeReply = z.infer<typeof verifyCodeReply>;

export const forgetPasswordBody = z.object({ password: passwordField });

export const userBaseInfo = z.object({
  user_id: z.number(),
  email: z.string(),
  nickname: z.string(),
  company: z.string().nullable(),
  avatar_url: z.string().nullable(),
  language_code: languageField,
  currency: z.string(),
  mfa_bound: z.boolean(),
  anti_phishing_code: z.string().nullable(),
  created_at: isoTime,
});
export type UserBaseInfo = z.infer<typeof userBaseInfo>;

export const CURRENCIES = ['USD', 'CNY', 'HKD', 'EUR'] as const;
export const updateBaseInfoBody = z.object({
  nickname: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30).optional(),
  company: text().trim().max(100).optional(),
  currency: z.enum(CURRENCIES).optional(),
  language_code: languageField.optional(),
});

export const mfaInfoReply = z.object({
  bound: z.boolean(),
  /** Only while not bound and after POST /user/mfa-info/secret: the pending secret to scan. */
  otpauth_uri: z.string().nullable(),
  qr_code: z.string().nullable(),
  secret: z.string().nullable(),
  /** A lost-authenticator removal is waiting: it can be completed from this time on. */
  reset_available_at: isoTime.nullable(),
});
export type MfaInfo = z.infer<typeof mfaInfoReply>;
/** POST /user/mfa-info: whether an authenticator is bound now, and a removal waiting, if any. */
export const mfaChangeReply = z.object({ bound: z.boolean(), reset_available_at: isoTime.nullable() });
export type MfaChangeReply = z.infer<typeof mfaChangeReply>;
/** How long a removal of a lost authenticator (password + e-mail code) waits before it can be completed. */
export const MFA_LOST_RESET_WAIT_MS = 48 * 3_600_000;
/**
 * bind: the new app's code + an e-mail code. reset: the current authenticator's code + an e-mail
 * code, at once. Lost authenticator: reset_lost (password + e-mail code) starts a 48 h wait, mailed
 * to the account; reset_complete (password) after the wait removes it; reset_cancel stops the wait.
 */
export const mfaChangeBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('bind'), mfa_code: sixDigitCode, email_code: sixDigitCode }),
  z.object({ action: z.literal('reset'), mfa_code: sixDigitCode, email_code: sixDigitCode }),
  z.object({
    action: z.literal('reset_lost'),
    password: text().min(1).max(128),
    email_code: sixDigitCode,
  }),
  z.object({ action: z.literal('reset_complete'), password: text().min(1).max(128) }),
  z.object({ action: z.literal('reset_cancel') }),
]);
export type MfaChange = z.infer<typeof mfaChangeBody>;

export const changePasswordBody = z.object({
  old_password: text().min(1).max(128),
  password: passwordField,
  email_code: sixDigitCode,
});
export const changeEmailBody = z.object({
  email: emailField,
  email_code: sixDigitCode,
  new_email_code: sixDigitCode,
});
/** POST /user/email: the address now in use. */
export const changeEmailReply = z.object({ email: z.string() });
export type ChangeEmailReply = z.infer<typeof changeEmailReply>;
export const antiPhishingBody = z.object({
  code: text()
    .trim()
    .min(4)
    .max(20)
    .regex(/^[\p{L}\p{N}_-]+$/u, 'PARAMS_INVALID_ERROR'),
  email_code: sixDigitCode,
});
export const emailNotifications = z.object({ space: z.boolean(), wallet: z.boolean(), task: z.boolean() });
export type EmailNotifications = z.infer<typeof emailNotifications>;

export const loginHistoryItem = z.object({
  session_id: z.number(),
  login_time: isoTime,
  last_seen: isoTime,
  device: z.string(),
  ip: z.string().nullable(),
  location: z.string().nullable(),
  current: z.boolean(),
  active: z.boolean(),
  /** 'phone': a paired companion signer (it may only sign); signing it out unpairs it. */
  kind: z.enum(['browser', 'phone']),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItem>;
export const loginHistoryReply = listOf(loginHistoryItem);
export type LoginHistoryReply = z.infer<typeof loginHistoryReply>;
export const forceLogoutBody = z.object({ session_id: z.number().int().positive().optional() });
/** How many sessions were signed out. */
export const forceLogoutReply = z.object({ revoked: z.number() });
export type ForceLogoutReply = z.infer<typeof forceLogoutReply>;
export const setLanguageBody = z.object({ code: languageField });
export const setLanguageReply = z.object({ code: languageField });
export type SetLanguageReply = z.infer<typeof setLanguageReply>;

/** Cookie the web reads after a password check: 1 → /login/mfa, 0 → /login/email (§2). */
export const LOGIN_STEP_COOKIE = 'ks_login_mfa';
export const RESET_COOKIE = 'ks_reset';
export const CAPTCHA_COOKIE = 'ks_captcha';
