import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /asset: asset analysis. No records exist for it yet; the page says what it is for. */
export default function AssetPage() {
  const { t } = useTranslation('pages');
  return <EmptyPage title={t('asset.title')} description={t('asset.description')} empty={t('asset.empty')} />;
}
