import { Card, List, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import {
  useEmailNotifications,
  useUpdateEmailNotifications,
  type EmailNotifications,
} from '../api/email-notifications';

const KEYS = ['space', 'wallet', 'task'] as const;

/** Notification settings: e-mail switches for space, wallet and task events. */
export function NotificationsTab() {
  const { t } = useTranslation('account');
  const settings = useEmailNotifications();
  const update = useUpdateEmailNotifications();
  return (
    <Card
      title={t('notifications.title')}
      extra={
        <span style={{ color: 'rgba(0,0,0,0.6)', fontWeight: 400 }}>{t('notifications.description')}</span>
      }
    >
      {settings.isPending || !settings.data ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={[...KEYS]}
          renderItem={(key) => (
            <List.Item
              actions={[
                <Switch
                  key="switch"
                  checked={settings.data[key]}
                  loading={update.isPending}
                  data-testid={`notify-${key}`}
                  onChange={(checked) => {
                    const next: EmailNotifications = { ...settings.data, [key]: checked };
                    update.mutate(next, { onSuccess: () => toastSuccess(t('notifications.saved')) });
                  }}
                />,
              ]}
            >
              <List.Item.Meta
                title={t(`notifications.${key}`)}
                description={t(`notifications.${key}Description`)}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
