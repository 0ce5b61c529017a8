/** Languages the product speaks (§9). en-US is the default and the fallback. */
export const SUPPORTED_LANGUAGES = ['en-US', 'zh-CN', 'zh-HK'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** First supported value wins; unsupported or missing values fall through to en-US (§4 Language). */
export function resolveLanguage(...candidates: Array<string | null | undefined>): Language {
  for (const candidate of candidates) if (isLanguage(candidate)) return candidate;
  return DEFAULT_LANGUAGE;
}
