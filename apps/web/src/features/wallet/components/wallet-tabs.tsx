import { useLocation, useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';

/** Wallets / exchange accounts / archive (privileged) as tabs over their routes. */
export function WalletTabs() {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const info = useOrganizationBaseInfo(useSelectedSpaceId());
  const privileged = info.data ? isPrivileged(info.data) : false;
  const items = [
    { key: '/wallet', label: t('list.tabs.wallets') },
    { key: '/wallet/exchange-wallet', label: t('list.tabs.exchange') },
    ...(privileged ? [{ key: '/wallet/archive', label: t('list.tabs.archive') }] : []),
  ];
  return (
    <Tabs
      activeKey={pathname}
      items={items}
      onChange={(key) => void navigate(key)}
      style={{ marginBottom: 4 }}
      data-testid="wallet-tabs"
    />
  );
}
