import { ApiError } from './api-client';
import { currentLanguage, i18next } from './i18n';

type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** antd's notification code is loaded with the first toast, not with the first screen. */
export function toast(kind: ToastKind, title: string, description?: string): void {
  void import('./static-antd').then(({ notification }) =>
    notification[kind]({ message: title, description, placement: 'topRight', duration: 4.5 }),
  );
}

export function toastSuccess(description: string): void {
  toast('success', i18next.t('common:toast.success'), description);
}

/** Errors that are not worth a toast (§8: resize-observer loop, form validation, cancelled requests). */
export function isIgnorableError(error: unknown): boolean {
  if (!error) return true;
  if (typeof error === 'object' && 'errorFields' in error) return true;
  if (error instanceof Error && error.name === 'CaptchaCancelled') return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (/ResizeObserver loop/i.test(message)) return true;
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return false;
}

const TITLE_KIND: Record<string, ToastKind> = {
  Error: 'error',
  Alert: 'warning',
  Info: 'info',
  Notice: 'info',
};

/**
 * §8 handling: a catalogue code shows its title kind (Alert/Error/Info/Notice) and the server's
 * message; the network layer shows its own message; anything else shows the default error and is logged.
 */
export async function showErrorToast(error: unknown): Promise<void> {
  if (isIgnorableError(error)) return;
  const { ERRORS, CLIENT_MESSAGES } = await import('./error-catalogue');
  const language = currentLanguage();
  if (error instanceof ApiError) {
    if (error.isNetwork) {
      const client = CLIENT_MESSAGES[error.code as keyof typeof CLIENT_MESSAGES];
      toast('error', i18next.t('errors:title.Error'), client.messages[language]);
      return;
    }
    const definition = Object.hasOwn(ERRORS, error.code)
      ? ERRORS[error.code as keyof typeof ERRORS]
      : undefined;
    if (definition) {
      toast(
        TITLE_KIND[definition.title] ?? 'warning',
        i18next.t(`errors:title.${definition.title}`),
        error.message,
      );
      return;
    }
    console.error('Unknown API error', error);
    toast(
      'error',
      i18next.t('errors:title.Error'),
      error.message || CLIENT_MESSAGES.unknown_error.messages[language],
    );
    return;
  }
  console.error(error);
  toast('error', i18next.t('errors:title.Error'), CLIENT_MESSAGES.unknown_error.messages[language]);
}
