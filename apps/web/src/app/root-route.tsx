import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { QrExchangeHost } from '@/components/qr-exchange/qr-exchange-host';
import { WalletConnectPromptHost } from '@/components/walletconnect-prompt/walletconnect-prompt-host';
import { setLoginRedirect } from '@/lib/api-client';
import { LanguageLoadingOverlay } from './language-loading-overlay';

/** Lets the API client send the user to /login without leaving the single-page app. */
export function RootRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    setLoginRedirect((from) => {
      const url = new URL(from, window.location.origin);
      void navigate('/login', {
        replace: true,
        state: { from: { pathname: url.pathname, search: url.search, hash: '' } },
      });
    });
  }, [navigate]);
  return (
    <>
      <Outlet />
      <LanguageLoadingOverlay />
      <QrExchangeHost />
      <WalletConnectPromptHost />
    </>
  );
}
