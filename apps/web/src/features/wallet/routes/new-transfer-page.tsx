import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet/transfer (operator): the transfer wizard. No records exist for it yet; the page says what it is for. */
export default function NewTransferPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('walletTransfer.title')}
      description={t('walletTransfer.description')}
      empty={t('walletTransfer.empty')}
    />
  );
}
