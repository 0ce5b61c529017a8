import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet/exchange-wallet: connected exchange accounts. No records exist for it yet; the page says what it is for. */
export default function ExchangeWalletListPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('walletExchange.title')}
      description={t('walletExchange.description')}
      empty={t('walletExchange.empty')}
    />
  );
}
