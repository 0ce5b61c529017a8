import type { Kysely } from 'kysely';
import type { Language } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database, User } from '../../db/schema';
import { queueMail } from '../mail/mail.service';

/** Security notices mailed to the account itself (the owner learns of a change they did not make). */
export type AccountNotice = 'mfa_reset_requested' | 'mfa_removed' | 'mfa_reset_cancelled';

const SUBJECTS: Record<AccountNotice, Record<Language, string>> = {
  mfa_reset_requested: {
    'en-US': 'Keystead: removal of your authenticator was requested',
    'zh-CN': 'Keystead：有人申请解绑您的身份验证器',
    'zh-HK': 'Keystead：有人申請解除綁定您的驗證器',
  },
  mfa_removed: {
    'en-US': 'Keystead: your authenticator was removed',
    'zh-CN': 'Keystead：您的身份验证器已解绑',
    'zh-HK': 'Keystead：您的驗證器已解除綁定',
  },
  mfa_reset_cancelled: {
    'en-US': 'Keystead: the removal of your authenticator was cancelled',
    'zh-CN': 'Keystead：身份验证器解绑申请已取消',
    'zh-HK': 'Keystead：驗證器解除綁定申請已取消',
  },
};

const BODIES: Record<AccountNotice, Record<Language, (when: string, ip: string) => string>> = {
  mfa_reset_requested: {
    'en-US': (when, ip) =>
      `Someone signed in to your account (from ${ip}) asked to remove your authenticator because it was lost.\nIt can be removed after ${when} (UTC).\nIf this was not you, sign in, cancel the removal under Security, and change your password.`,
    'zh-CN': (when, ip) =>
      `有人登录您的账号（来自 ${ip}）以遗失为由申请解绑身份验证器。\n可在 ${when}（UTC）之后完成解绑。\n如非本人操作，请登录后在“安全”中取消解绑并修改密码。`,
    'zh-HK': (when, ip) =>
      `有人登入您的帳戶（來自 ${ip}）以遺失為由申請解除綁定驗證器。\n可在 ${when}（UTC）之後完成解除綁定。\n如非本人操作，請登入後在「安全」中取消並更改密碼。`,
  },
  mfa_removed: {
    'en-US': (when, ip) =>
      `The authenticator of your account was removed at ${when} (UTC) from ${ip}. Your other sessions were signed out.\nIf this was not you, reset your password now.`,
    'zh-CN': (when, ip) =>
      `您账号的身份验证器已于 ${when}（UTC）被解绑（来自 ${ip}），其他登录会话均已退出。\n如非本人操作，请立即重置密码。`,
    'zh-HK': (when, ip) =>
      `您帳戶的驗證器已於 ${when}（UTC）被解除綁定（來自 ${ip}），其他登入工作階段均已登出。\n如非本人操作，請立即重設密碼。`,
  },
  mfa_reset_cancelled: {
    'en-US': (when, ip) => `The removal of your authenticator was cancelled at ${when} (UTC) from ${ip}.`,
    'zh-CN': (when, ip) => `身份验证器解绑申请已于 ${when}（UTC）取消（来自 ${ip}）。`,
    'zh-HK': (when, ip) => `驗證器解除綁定申請已於 ${when}（UTC）取消（來自 ${ip}）。`,
  },
};

/** Queues a security notice to the account's address inside the command's transaction. */
export async function queueAccountNotice(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: Pick<User, 'email' | 'language_code' | 'anti_phishing_code'>,
  notice: AccountNotice,
  details: { when: Date; ip: string },
): Promise<void> {
  const language = user.language_code as Language;
  const when = details.when.toISOString().slice(0, 16).replace('T', ' ');
  await queueMail(
    trx,
    {
      to: user.email,
      subject: SUBJECTS[notice][language] ?? SUBJECTS[notice]['en-US'],
      text: (BODIES[notice][language] ?? BODIES[notice]['en-US'])(when, details.ip),
      category: `security:${notice}`,
      antiPhishingCode: user.anti_phishing_code,
      language,
    },
    Boolean(ctx.config.SMTP_URL),
  );
}
