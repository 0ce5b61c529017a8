import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /wallet/multiple-wallet: multi-signature wallets. No records exist for it yet; the page says what it is for. */
export default function MultiWalletListPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('walletMultiple.title')}
      description={t('walletMultiple.description')}
      empty={t('walletMultiple.empty')}
    />
  );
}
