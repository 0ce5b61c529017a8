import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { WalletTabs } from '../components/wallet-tabs';

/** /wallet/exchange-wallet: exchange API accounts come later; the tab says so honestly. */
export default function ExchangeWalletListPage() {
  const { t } = useTranslation('wallets');
  return (
    <div data-testid="wallet-exchange-page">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <WalletTabs />
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('exchange.empty')}</strong>
              {t('exchange.hint')}
            </span>
          }
        />
      </Card>
    </div>
  );
}
