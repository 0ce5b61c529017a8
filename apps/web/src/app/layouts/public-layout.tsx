import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLanguageDropdown } from '../app-language-dropdown';
import { Brand } from './brand';
import './public-layout.css';

/** Frame of the sign-in screens: brand panel on wide screens, the form card, the language dropdown. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="ks-public">
      <aside className="ks-public__brand">
        <Brand light />
        <div>
          <h1>{t('common:tagline')}</h1>
          <p>{t('common:brandPitch')}</p>
        </div>
        <small>© Keystead</small>
      </aside>
      <main className="ks-public__main">
        <header className="ks-public__top">
          <span className="ks-public__mobile-brand">
            <Brand />
          </span>
          <AppLanguageDropdown />
        </header>
        <div className="ks-public__card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
