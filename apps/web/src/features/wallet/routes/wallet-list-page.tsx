import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet: the wallets of the selected space. No records exist for it yet; the page says what it is for. */
export default function WalletListPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage title={t('wallet.title')} description={t('wallet.description')} empty={t('wallet.empty')} />
  );
}
