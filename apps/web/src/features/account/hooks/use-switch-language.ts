import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { saveUserLanguage } from '../api/set-language';
import { USER_BASE_INFO_KEY } from '../api/get-user-base-info';
import { languageLoadingStore, resolveLanguageSafe, setLanguage, type Language } from '@/lib/i18n';
import { showErrorToast } from '@/lib/notify';
import { getStoredUser, setStoredUser } from '@/lib/session';
import { queryClient } from '@/lib/query-client';

/** §4 Language: switching sets the loading flag; while logged in the choice is saved (POST /language). */
export function useSwitchLanguage() {
  const { i18n } = useTranslation();
  const loading = useSyncExternalStore(languageLoadingStore.subscribe, languageLoadingStore.get);
  const language = resolveLanguageSafe(i18n.language);

  const switchTo = async (next: Language) => {
    if (next === language) return;
    languageLoadingStore.set(true);
    try {
      await setLanguage(next);
      const user = getStoredUser();
      if (user) {
        await saveUserLanguage(next);
        setStoredUser({ ...user, language_code: next });
        await queryClient.invalidateQueries({ queryKey: USER_BASE_INFO_KEY });
      }
      // Server messages in cached data were in the old language.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'account' });
    } catch (error) {
      void showErrorToast(error);
    } finally {
      languageLoadingStore.set(false);
    }
  };
  return { language, loading, switchTo };
}
