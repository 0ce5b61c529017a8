import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespace, namespaceReady, type LazyNamespace } from './i18n';

/**
 * `useTranslation` for a namespace loaded on demand: suspends (the page's Suspense shows its
 * spinner) until the texts of the current language are there.
 */
export function useLazyTranslation(ns: LazyNamespace) {
  const result = useTranslation(ns);
  if (!namespaceReady(ns)) use(ensureNamespace(ns));
  return result;
}
