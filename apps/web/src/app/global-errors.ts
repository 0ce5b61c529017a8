import { isIgnorableError, showErrorToast } from '@/lib/notify';

/** §8: uncaught errors reach the default toast; the resize-observer loop and friends are ignored. */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    if (isIgnorableError(event.error ?? event.message)) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isIgnorableError(event.reason)) {
      event.preventDefault();
      return;
    }
    event.preventDefault();
    void showErrorToast(event.reason);
  });
}
