import { Suspense, lazy, type ComponentType } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';

/** Route-level code splitting: each page is its own chunk, shown with a spinner while it loads. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
