import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /organization/settings (space + privileged): settings of the space. No records exist for it yet; the page says what it is for. */
export default function SpaceSettingsPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('settings.title')}
      description={t('settings.description')}
      empty={t('settings.empty')}
    />
  );
}
