import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /address-book: the whitelist. No records exist for it yet; the page says what it is for. */
export default function AddressBookPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('addressBook.title')}
      description={t('addressBook.description')}
      empty={t('addressBook.empty')}
    />
  );
}
