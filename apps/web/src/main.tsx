import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from '@/app/app-root';
import { installGlobalErrorHandlers } from '@/app/global-errors';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { webConfigQuery } from '@/features/platform';
import '@/app/global.css';

installGlobalErrorHandlers();
// web-config first: it plants the CSRF cookie that every later POST copies into its header.
void queryClient.prefetchQuery(webConfigQuery());

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
});
