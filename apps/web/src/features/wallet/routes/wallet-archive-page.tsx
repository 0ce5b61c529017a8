import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { WalletTabs } from '../components/wallet-tabs';

/**
 * /wallet/archive (privileged): archived wallets. The server has no archive list yet (GET /wallets
 * leaves archived wallets out), so the page says so instead of showing an invented list.
 */
export default function WalletArchivePage() {
  const { t } = useTranslation('wallets');
  return (
    <div data-testid="wallet-archive-page">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <WalletTabs />
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('archive.empty')}</strong>
              {t('archive.hint')}
            </span>
          }
        />
      </Card>
    </div>
  );
}
