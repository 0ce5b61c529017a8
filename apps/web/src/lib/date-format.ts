import type { Language } from '@keystead/contract';

const formatters = new Map<Language, Intl.DateTimeFormat>();

/**
 * A date and time in the one format of the language (en-US 11/24/2026, 13:48:55; zh-CN and
 * zh-HK 2026/11/24 13:48:55), in the browser's time zone, 24-hour clock.
 */
export function formatDateTime(value: string | number | Date, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(language, formatter);
  }
  return formatter.format(new Date(value));
}
