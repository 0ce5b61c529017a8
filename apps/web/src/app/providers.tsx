import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { antdLocaleStore } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(antdLocaleStore.subscribe, antdLocaleStore.get);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
