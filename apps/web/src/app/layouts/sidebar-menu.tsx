import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import {
  AuditOutlined,
  CreditCardOutlined,
  HomeOutlined,
  KeyOutlined,
  LineChartOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  SwapOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const PATHS = [
  '/organization/settings',
  '/organization',
  '/wallet',
  '/transfer',
  '/asset',
  '/payment',
  '/address-book',
  '/permission-address',
  '/audit-log',
  '/settings/transfer-policy',
];
/** Routes that belong to a menu entry without sharing its prefix. */
const ALIASES: Record<string, string> = {
  '/task': '/transfer',
  '/multiple-wallet': '/wallet',
  '/account': '',
};

function selectedKey(pathname: string): string {
  for (const [prefix, key] of Object.entries(ALIASES)) if (pathname.startsWith(prefix)) return key;
  return PATHS.find((path) => pathname === path || pathname.startsWith(`${path}/`)) ?? '';
}

/** The §2 sidebar. Audit Logs and Management show only to privileged users of the space. */
export function SidebarMenu({ privileged, onNavigate }: { privileged: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo<MenuProps['items']>(() => {
    const list: MenuProps['items'] = [
      { key: '/organization', icon: <HomeOutlined />, label: t('layout:menu.home') },
      { key: '/wallet', icon: <WalletOutlined />, label: t('layout:menu.assets') },
      {
        key: 'transaction-management',
        icon: <SwapOutlined />,
        label: t('layout:menu.transactionManagement'),
        children: [{ key: '/transfer', label: t('layout:menu.transactions') }],
      },
      { key: '/asset', icon: <LineChartOutlined />, label: t('layout:menu.assetAnalysis') },
      { key: '/payment', icon: <CreditCardOutlined />, label: t('layout:menu.payment') },
      { key: '/address-book', icon: <SafetyCertificateOutlined />, label: t('layout:menu.whitelist') },
      { key: '/permission-address', icon: <KeyOutlined />, label: t('layout:menu.myAddress') },
    ];
    if (privileged) {
      list.push(
        { key: '/audit-log', icon: <AuditOutlined />, label: t('layout:menu.auditLogs') },
        {
          key: '/settings/transfer-policy',
          icon: <SafetyOutlined />,
          label: t('layout:menu.transferPolicy'),
        },
        { key: '/organization/settings', icon: <SettingOutlined />, label: t('layout:menu.management') },
      );
    }
    return list;
  }, [t, privileged]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[selectedKey(pathname)]}
      defaultOpenKeys={['transaction-management']}
      onClick={({ key }) => {
        onNavigate?.();
        void navigate(key);
      }}
      data-testid="sidebar-menu"
      style={{ borderInlineEnd: 0 }}
    />
  );
}
