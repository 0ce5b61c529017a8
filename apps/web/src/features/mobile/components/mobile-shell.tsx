import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';

/** The phone's frame: one column (at most 480 px), the app's name on top, large touch targets below. */
export function MobileShell(props: { account?: string | null; children: ReactNode }) {
  const { t } = useLazyTranslation('mobile');
  return (
    <div style={{ minHeight: '100vh', background: '#f4f6fb' }} data-testid="mobile-app">
      <header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          background: '#1f4fd1',
          color: '#fff',
          padding: '12px 16px',
          paddingTop: 'max(12px, env(safe-area-inset-top))',
        }}
      >
        <div style={{ maxWidth: 480, margin: '0 auto', display: 'flex', alignItems: 'center', gap: 10 }}>
          <img src="/mobile-icon.svg" alt="" width={32} height={32} style={{ borderRadius: 8 }} />
          <div style={{ minWidth: 0 }}>
            <div style={{ fontWeight: 650, fontSize: 18, lineHeight: '22px' }}>{t('app.name')}</div>
            {props.account ? (
              <div
                style={{ fontSize: 13, opacity: 0.85, overflow: 'hidden', textOverflow: 'ellipsis' }}
                data-testid="mobile-account"
              >
                {props.account}
              </div>
            ) : null}
          </div>
        </div>
      </header>
      <main style={{ maxWidth: 480, margin: '0 auto', padding: '16px 16px 32px' }}>{props.children}</main>
    </div>
  );
}

/** A section title on the phone. */
export function MobileTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 12 }}>
      {children}
    </Typography.Title>
  );
}
