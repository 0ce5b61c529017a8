import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isLanguage,
  resolveLanguage,
  type Language,
} from '@keystead/contract/languages';
import enUS from '@/locales/en-US';
import { createExternalStore } from './external-store';
import { STORAGE_KEYS, readText, writeText } from './storage';
import { getStoredUser } from './session';

export { SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language };

export const NAMESPACES = Object.keys(enUS) as Array<keyof typeof enUS>;
type Bundle = typeof enUS;

/** en-US ships in the first chunk; the Chinese bundles (and antd/dayjs locales) load on demand. */
const bundleLoaders: Record<Language, () => Promise<Bundle>> = {
  'en-US': async () => enUS,
  'zh-CN': async () => (await import('@/locales/zh-CN')).default,
  'zh-HK': async () => (await import('@/locales/zh-HK')).default,
};

const antdLoaders: Record<Language, () => Promise<Locale | undefined>> = {
  // antd's built-in default is English; no bundle needed.
  'en-US': async () => undefined,
  'zh-CN': async () => {
    await import('dayjs/locale/zh-cn');
    return (await import('antd/es/locale/zh_CN')).default;
  },
  'zh-HK': async () => {
    await import('dayjs/locale/zh-hk');
    return (await import('antd/es/locale/zh_HK')).default;
  },
};

const DAYJS_LOCALES: Record<Language, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn', 'zh-HK': 'zh-hk' };

/** The antd locale of the current language (ConfigProvider reads it). */
export const antdLocaleStore = createExternalStore<Locale | undefined>(undefined);
/** §4 Language: switching sets a loading flag, cleared on success or failure. */
export const languageLoadingStore = createExternalStore<boolean>(false);

/** Whether the address named a language at start-up (it then wins over the user's saved one). */
let languageFromAddress = false;
export function languageCameFromAddress(): boolean {
  return languageFromAddress;
}

/** §4 Language: ?lang= first, then the signed-in user's language, then the stored one, else en-US. */
export function initialLanguage(search = window.location.search): Language {
  const fromAddress = new URLSearchParams(search).get('lang');
  languageFromAddress = isLanguage(fromAddress);
  return resolveLanguage(
    fromAddress,
    getStoredUser()?.language_code,
    readText(localStorage, STORAGE_KEYS.language),
  );
}

/**
 * Namespaces that are not part of the first screen (e.g. the spaces screens): their texts load
 * with the first page that needs them, in every language, and again when the language changes.
 */
export type LazyNamespace =
  | 'spaces'
  | 'transfer'
  | 'addressBook'
  | 'audit'
  | 'batch'
  | 'preSign'
  | 'asset'
  | 'exchange'
  | 'transferPolicy'
  | 'dapp'
  | 'recovery'
  | 'mobile';
type JsonModule = { default: Record<string, unknown> };
const lazyLoaders: Record<LazyNamespace, Record<Language, () => Promise<JsonModule>>> = {
  spaces: {
    'en-US': () => import('@/locales/en-US/spaces.json'),
    'zh-CN': () => import('@/locales/zh-CN/spaces.json'),
    'zh-HK': () => import('@/locales/zh-HK/spaces.json'),
  },
  transfer: {
    'en-US': () => import('@/locales/en-US/transfer.json'),
    'zh-CN': () => import('@/locales/zh-CN/transfer.json'),
    'zh-HK': () => import('@/locales/zh-HK/transfer.json'),
  },
  addressBook: {
    'en-US': () => import('@/locales/en-US/address-book.json'),
    'zh-CN': () => import('@/locales/zh-CN/address-book.json'),
    'zh-HK': () => import('@/locales/zh-HK/address-book.json'),
  },
  audit: {
    'en-US': () => import('@/locales/en-US/audit.json'),
    'zh-CN': () => import('@/locales/zh-CN/audit.json'),
    'zh-HK': () => import('@/locales/zh-HK/audit.json'),
  },
  batch: {
    'en-US': () => import('@/locales/en-US/batch.json'),
    'zh-CN': () => import('@/locales/zh-CN/batch.json'),
    'zh-HK': () => import('@/locales/zh-HK/batch.json'),
  },
  preSign: {
    'en-US': () => import('@/locales/en-US/pre-sign.json'),
    'zh-CN': () => import('@/locales/zh-CN/pre-sign.json'),
    'zh-HK': () => import('@/locales/zh-HK/pre-sign.json'),
  },
  asset: {
    'en-US': () => import('@/locales/en-US/asset.json'),
    'zh-CN': () => import('@/locales/zh-CN/asset.json'),
    'zh-HK': () => import('@/locales/zh-HK/asset.json'),
  },
  exchange: {
    'en-US': () => import('@/locales/en-US/exchange.json'),
    'zh-CN': () => import('@/locales/zh-CN/exchange.json'),
    'zh-HK': () => import('@/locales/zh-HK/exchange.json'),
  },
  transferPolicy: {
    'en-US': () => import('@/locales/en-US/transfer-policy.json'),
    'zh-CN': () => import('@/locales/zh-CN/transfer-policy.json'),
    'zh-HK': () => import('@/locales/zh-HK/transfer-policy.json'),
  },
  dapp: {
    'en-US': () => import('@/locales/en-US/dapp.json'),
    'zh-CN': () => import('@/locales/zh-CN/dapp.json'),
    'zh-HK': () => import('@/locales/zh-HK/dapp.json'),
  },
  recovery: {
    'en-US': () => import('@/locales/en-US/recovery.json'),
    'zh-CN': () => import('@/locales/zh-CN/recovery.json'),
    'zh-HK': () => import('@/locales/zh-HK/recovery.json'),
  },
  mobile: {
    'en-US': () => import('@/locales/en-US/mobile.json'),
    'zh-CN': () => import('@/locales/zh-CN/mobile.json'),
    'zh-HK': () => import('@/locales/zh-HK/mobile.json'),
  },
};
const wantedLazy = new Set<LazyNamespace>();
const lazyPromises = new Map<string, Promise<void>>();

function loadLazy(ns: LazyNamespace, language: Language): Promise<void> {
  const key = `${language}:${ns}`;
  let promise = lazyPromises.get(key);
  if (!promise) {
    promise = lazyLoaders[ns][language]().then((module) => {
      i18next.addResourceBundle(language, ns, module.default, true, true);
    });
    promise.catch(() => lazyPromises.delete(key));
    lazyPromises.set(key, promise);
  }
  return promise;
}

/** Makes sure a lazy namespace is loaded for the current language (and for later switches). */
const ensured = new Map<string, Promise<void>>();
export function ensureNamespace(ns: LazyNamespace): Promise<void> {
  wantedLazy.add(ns);
  const language = currentLanguage();
  const key = `${language}:${ns}`;
  let promise = ensured.get(key);
  if (!promise) {
    // en-US is the fallback of every text, so it is always wanted too.
    promise = Promise.all([loadLazy(ns, language), loadLazy(ns, DEFAULT_LANGUAGE)]).then(() => undefined);
    promise.catch(() => ensured.delete(key));
    ensured.set(key, promise);
  }
  return promise;
}

/** Whether a lazy namespace is ready in the current language (no suspension needed). */
export function namespaceReady(ns: LazyNamespace): boolean {
  return i18next.hasResourceBundle(currentLanguage(), ns) && i18next.hasResourceBundle(DEFAULT_LANGUAGE, ns);
}

async function loadLanguage(language: Language): Promise<Locale | undefined> {
  const [bundle, antdLocale] = await Promise.all([
    bundleLoaders[language](),
    antdLoaders[language](),
    ...[...wantedLazy].map((ns) => loadLazy(ns, language)),
  ]);
  for (const ns of NAMESPACES) {
    if (!i18next.hasResourceBundle(language, ns))
      i18next.addResourceBundle(language, ns, bundle[ns], true, true);
  }
  return antdLocale;
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  dayjs.locale(DAYJS_LOCALES[language]);
}

/** The language being applied; requests sent while its texts still load already use it. */
let activeLanguage: Language | null = null;

export async function initI18n(): Promise<Language> {
  const language = initialLanguage();
  activeLanguage = language;
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { [DEFAULT_LANGUAGE]: enUS },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  await setLanguage(language);
  return language;
}

/** Loads and applies a language; stores it as the browser's choice. Unsupported → en-US. */
export async function setLanguage(candidate: string | null | undefined): Promise<Language> {
  const language = resolveLanguage(candidate);
  activeLanguage = language;
  const antdLocale = await loadLanguage(language);
  await i18next.changeLanguage(language);
  antdLocaleStore.set(antdLocale);
  applyDocumentLanguage(language);
  writeText(localStorage, STORAGE_KEYS.language, language);
  return language;
}

export const resolveLanguageSafe = (value: string | null | undefined): Language => resolveLanguage(value);

export function currentLanguage(): Language {
  return activeLanguage ?? resolveLanguage(i18next.language);
}

export { i18next };
