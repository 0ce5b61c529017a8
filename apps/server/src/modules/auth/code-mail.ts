import type { Language } from '@keystead/contract';

const SUBJECT: Record<Language, string> = {
  'en-US': 'Your Keystead verification code',
  'zh-CN': '您的 Keystead 验证码',
  'zh-HK': '您的 Keystead 驗證碼',
};

const BODY: Record<Language, (code: string, purpose: string) => string> = {
  'en-US': (code, purpose) =>
    `Your verification code is ${code}.\nIt is valid for 10 minutes and can be used once (${purpose}).\nIf you did not ask for it, ignore this mail and consider changing your password.`,
  'zh-CN': (code, purpose) =>
    `您的验证码是 ${code}。\n10 分钟内有效，仅可使用一次（${purpose}）。\n如非本人操作，请忽略本邮件并考虑修改密码。`,
  'zh-HK': (code, purpose) =>
    `您的驗證碼是 ${code}。\n10 分鐘內有效，僅可使用一次（${purpose}）。\n如非本人操作，請忽略本郵件並考慮修改密碼。`,
};

export function codeMail(
  purpose: string,
  code: string,
  language: Language,
): { subject: string; text: string } {
  return { subject: SUBJECT[language], text: BODY[language](code, purpose) };
}
