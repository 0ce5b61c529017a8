import { Link, Outlet } from 'react-router';
import { AppLanguageDropdown } from '../app-language-dropdown';
import { Brand } from './brand';

/** /dapp: a slim frame for the Dapp connector (brand, language), the page below. */
export function DappLayout() {
  return (
    <div style={{ minHeight: '100vh', background: '#f4f6fb' }} data-testid="dapp-layout">
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          height: 64,
          padding: '0 16px',
          background: '#fff',
          borderBottom: '1px solid #e8ebf3',
        }}
      >
        <Link to="/">
          <Brand />
        </Link>
        <span style={{ marginLeft: 'auto' }}>
          <AppLanguageDropdown />
        </span>
      </header>
      <main style={{ maxWidth: 1080, margin: '0 auto', padding: '24px 16px' }}>
        <Outlet />
      </main>
    </div>
  );
}
