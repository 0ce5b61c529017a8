import { useSyncExternalStore } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageLoadingStore } from '@/lib/i18n';

/** Shown while a language switch loads its texts and saves the choice. */
export function LanguageLoadingOverlay() {
  const loading = useSyncExternalStore(languageLoadingStore.subscribe, languageLoadingStore.get);
  const { t } = useTranslation();
  if (!loading) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        background: 'rgba(255,255,255,0.55)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Spin tip={t('common:language.switching')} size="large">
        <div style={{ width: 160, height: 60 }} />
      </Spin>
    </div>
  );
}
