import type { Language } from '../languages';
import type { ErrorDefinition, TitleKind } from './types';

/** Builds one catalogue entry; keeps the group files short and uniform. */
export function defineError(
  status: number,
  title: TitleKind,
  messages: Record<Language, string>,
): ErrorDefinition {
  return { status, title, messages };
}

/** The message every 5xx service code shows (§8: 'Service error. Try again later'). */
export const SERVICE_ERROR_MESSAGES: Record<Language, string> = {
  'en-US': 'Service error. Try again later.',
  'zh-CN': '服务异常，请稍后再试。',
  'zh-HK': '服務異常，請稍後再試。',
};

/** The message the insufficient-balance service variants show (§8: 'insufficient balance'). */
export const INSUFFICIENT_BALANCE_MESSAGES: Record<Language, string> = {
  'en-US': 'Insufficient balance.',
  'zh-CN': '余额不足。',
  'zh-HK': '餘額不足。',
};
