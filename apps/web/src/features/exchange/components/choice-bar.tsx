import type { ReactNode } from 'react';

/** A row of choices (a Segmented) that scrolls by itself on a phone, never the page. */
export function ChoiceBar({ children }: { children: ReactNode }) {
  return <div style={{ maxWidth: '100%', overflowX: 'auto', flex: '0 1 auto' }}>{children}</div>;
}
