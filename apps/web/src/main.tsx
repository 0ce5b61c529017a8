import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from '@/app/app-root';
import { installGlobalErrorHandlers } from '@/app/global-errors';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { webConfigQuery } from '@/features/platform';
import '@/app/global.css';

installGlobalErrorHandlers();
// The language is settled synchronously at the start (its texts load after), so the first request already carries it.
const i18nReady = initI18n();
// web-config first: it plants the CSRF cookie that every later POST copies into its header.
void queryClient.prefetchQuery(webConfigQuery());

void i18nReady.then(() => {
  createRoot(document.getElementById('root')!, {
    // React recovers from an error thrown while rendering concurrently (minified #520) by
    // rendering again; the console then names the real error and where it was thrown.
    onRecoverableError: (error, info) =>
      console.error(
        'Recovered render error:',
        error instanceof Error ? (error.cause ?? error) : error,
        info.componentStack,
      ),
  }).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
});
