import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet/detail/:id: one wallet. No records exist for it yet; the page says what it is for. */
export default function WalletDetailPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('walletDetail.title')}
      description={t('walletDetail.description')}
      empty={t('walletDetail.empty')}
    />
  );
}
