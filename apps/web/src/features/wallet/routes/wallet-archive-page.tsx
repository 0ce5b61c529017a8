import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet/archive (privileged): archived wallets. No records exist for it yet; the page says what it is for. */
export default function WalletArchivePage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('walletArchive.title')}
      description={t('walletArchive.description')}
      empty={t('walletArchive.empty')}
    />
  );
}
