import type { Language } from '../languages';

/** Toast styles of §8 (the notification styles success/error/info/warning map onto these). */
export const TOAST_TYPES = ['error', 'warn', 'success', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface ClientMessage {
  type: ToastType;
  messages: Record<Language, string>;
}

export function defineClientMessage(type: ToastType, en: string, cn: string, hk: string): ClientMessage {
  return { type, messages: { 'en-US': en, 'zh-CN': cn, 'zh-HK': hk } };
}
