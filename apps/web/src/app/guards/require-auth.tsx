import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useUserBaseInfo } from '@/features/account';
import { currentLanguage, languageCameFromAddress, setLanguage } from '@/lib/i18n';
import { useStoredUser, wasLoggedOut } from '@/lib/session';

/**
 * §2 Guards: not logged in → /login, remembering where the user was going. The stored user is
 * checked against the server; a 401 clears it (api client) and this guard sends the user away.
 */
export function RequireAuth() {
  const location = useLocation();
  const stored = useStoredUser();
  const user = useUserBaseInfo(Boolean(stored));
  const savedLanguage = user.data?.language_code;

  // §4: loading user info adopts the user's language (unless the address chose one).
  useEffect(() => {
    if (savedLanguage && !languageCameFromAddress() && savedLanguage !== currentLanguage())
      void setLanguage(savedLanguage);
  }, [savedLanguage]);

  if (!stored) {
    if (wasLoggedOut()) return <Navigate to="/login" replace />;
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}
      />
    );
  }
  return <Outlet />;
}
