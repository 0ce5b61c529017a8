import { useSearchParams } from 'react-router';
import { Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useUserBaseInfo } from '../api/get-user-base-info';
import { LoginHistoryTab } from '../components/login-history-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { PreferencesTab } from '../components/preferences-tab';
import { SecurityTab } from '../components/security-tab';

const TABS = ['preferences', 'security', 'notifications', 'history'] as const;

/** /account: personal settings in four tabs; the open tab is kept in the address (?tab=). */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const user = useUserBaseInfo();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as string)
    : 'preferences';

  return (
    <div data-testid="account-page">
      <PageHeader title={t('title')} />
      {!user.data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'preferences',
              label: t('tabs.preferences'),
              children: <PreferencesTab user={user.data} />,
            },
            { key: 'security', label: t('tabs.security'), children: <SecurityTab user={user.data} /> },
            { key: 'notifications', label: t('tabs.notifications'), children: <NotificationsTab /> },
            { key: 'history', label: t('tabs.history'), children: <LoginHistoryTab /> },
          ]}
        />
      )}
    </div>
  );
}
