import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /permission-address: the signer addresses of the user. No records exist for it yet; the page says what it is for. */
export default function PermissionAddressPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('permissionAddress.title')}
      description={t('permissionAddress.description')}
      empty={t('permissionAddress.empty')}
    />
  );
}
