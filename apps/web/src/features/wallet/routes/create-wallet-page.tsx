import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /multiple-wallet: add a wallet to the selected space (allowed while it has none). No records exist for it yet; the page says what it is for. */
export default function CreateWalletPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('multipleWallet.title')}
      description={t('multipleWallet.description')}
      empty={t('multipleWallet.empty')}
    />
  );
}
