import { useState } from 'react';
import { Badge, Button, Drawer, Empty, Input, Space, Switch, Tabs } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * §2 notification centre: tabs all / transfers & trades / messages, hide read, mark all read and
 * a search by wallet, space or task number. Nothing is delivered to it yet, and it says so.
 */
export function NotificationCenter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('all');
  const [hideRead, setHideRead] = useState(false);
  const [search, setSearch] = useState('');
  const unread = 0;

  return (
    <>
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined style={{ fontSize: 18 }} />}
          aria-label={t('layout:notifications.open')}
          onClick={() => setOpen(true)}
          data-testid="notification-bell"
        />
      </Badge>
      <Drawer
        title={t('layout:notifications.title')}
        open={open}
        onClose={() => setOpen(false)}
        width={420}
        styles={{ body: { paddingTop: 8 } }}
        rootClassName="ks-notification-drawer"
        data-testid="notification-drawer"
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'all', label: t('layout:notifications.all') },
            { key: 'transfer', label: t('layout:notifications.transfer') },
            { key: 'message', label: t('layout:notifications.message') },
          ]}
        />
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Input.Search
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('layout:notifications.search')}
          />
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch size="small" checked={hideRead} onChange={setHideRead} />
              {t('layout:notifications.hideRead')}
            </label>
            <Button type="link" disabled={unread === 0} style={{ paddingInline: 0 }}>
              {t('layout:notifications.markAllRead')}
            </Button>
          </div>
        </Space>
        <Empty
          style={{ marginTop: 48 }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>
                {t('layout:notifications.empty')}
              </strong>
              {t('layout:notifications.emptyHint')}
            </span>
          }
        />
      </Drawer>
    </>
  );
}
