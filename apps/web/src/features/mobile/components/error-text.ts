import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** A failure in words: the server's catalogue message (already in the user's language), or the network's. */
export function errorText(error: unknown, t: TFunction<'mobile'>): string {
  if (isApiError(error)) return error.isNetwork ? t('errors.network') : error.message;
  return t('errors.unknown');
}
