import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /payment: fee-payment addresses and records. No records exist for it yet; the page says what it is for. */
export default function PaymentPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage title={t('payment.title')} description={t('payment.description')} empty={t('payment.empty')} />
  );
}
