import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet/transfer/:id: one transfer draft. No records exist for it yet; the page says what it is for. */
export default function TransferDraftPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('walletTransferDetail.title')}
      description={t('walletTransferDetail.description')}
      empty={t('walletTransferDetail.empty')}
    />
  );
}
