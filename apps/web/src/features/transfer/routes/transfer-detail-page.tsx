import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /task/:id and /task/detail/:id: one transfer. No records exist for it yet; the page says what it is for. */
export default function TransferDetailPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('transferDetail.title')}
      description={t('transferDetail.description')}
      empty={t('transferDetail.empty')}
    />
  );
}
