import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/**
 * What a refused tag change says inside its modal: TAG_UPDATE_ERROR by its reason (a system entry,
 * a category with tags left), any other catalogue error by the server's message (in the user's
 * language). Null for failures that are toasted instead (network).
 */
export function labelErrorMessage(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || error.isNetwork) return null;
  if (error.code === 'TAG_UPDATE_ERROR') {
    const reason = (error.data as { reason?: unknown } | null)?.reason;
    if (reason === 'system_entry' || reason === 'category_not_empty') return t(`labels.errors.${reason}`);
  }
  return error.message;
}
