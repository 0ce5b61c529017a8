import { useTranslation } from 'react-i18next';
import { LanguageDropdown } from '@/components/ui/language-dropdown';
import { useSwitchLanguage } from '@/features/account';

export function AppLanguageDropdown() {
  const { t } = useTranslation();
  const { language, loading, switchTo } = useSwitchLanguage();
  return (
    <LanguageDropdown
      value={language}
      loading={loading}
      onChange={(next) => void switchTo(next)}
      label={t('common:language.label')}
    />
  );
}
