import { useState } from 'react';
import { Badge, Button, Drawer, Input, Space, Switch, Tabs } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { useStoredUser } from '@/lib/session';
import { useNotifications, useUnreadCount, type NotificationQuery } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import { useNotificationStream } from '../api/notification-stream';
import { NotificationList } from './notification-list';

const PAGE = 20;

/**
 * §2 notification centre: tabs all / transfers & trades / messages, hide read, mark all read, a
 * search by wallet, space or task number; the unread badge; live arrivals over the SSE stream.
 */
export function NotificationCenter() {
  const { t } = useTranslation();
  const signedIn = Boolean(useStoredUser());
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NotificationQuery['tab']>('all');
  const [hideRead, setHideRead] = useState(false);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [size, setSize] = useState(PAGE);
  const unread = useUnreadCount(signedIn);
  const list = useNotifications({ tab, hide_read: hideRead, keyword, page_size: size }, signedIn && open);
  const markRead = useMarkRead();
  useNotificationStream(signedIn, (item) => toast('info', item.title, item.body));
  const unreadCount = unread.data ?? 0;
  const items = list.data?.list ?? [];

  return (
    <>
      <Badge count={unreadCount} size="small" offset={[-4, 4]} data-testid="notification-badge">
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
          onChange={(key) => {
            setTab(key as NotificationQuery['tab']);
            setSize(PAGE);
          }}
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
            onChange={(event) => {
              setSearch(event.target.value);
              if (!event.target.value) setKeyword(undefined);
            }}
            onSearch={(value) => {
              setKeyword(value.trim() || undefined);
              setSize(PAGE);
            }}
            placeholder={t('layout:notifications.search')}
            data-testid="notification-search"
          />
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch
                size="small"
                checked={hideRead}
                onChange={setHideRead}
                data-testid="notification-hide-read"
              />
              {t('layout:notifications.hideRead')}
            </label>
            <Button
              type="link"
              disabled={unreadCount === 0}
              loading={markRead.isPending}
              style={{ paddingInline: 0 }}
              onClick={() => markRead.mutate({ all: true })}
              data-testid="notification-mark-all"
            >
              {t('layout:notifications.markAllRead')}
            </Button>
          </div>
        </Space>
        <NotificationList
          items={items}
          loading={list.isPending && open}
          onRead={(item) => markRead.mutate({ ids: [item.id] })}
        />
        {list.data && list.data.total > items.length ? (
          <Button block onClick={() => setSize((value) => value + PAGE)} loading={list.isFetching}>
            {t('layout:notifications.loadMore')}
          </Button>
        ) : null}
      </Drawer>
    </>
  );
}
