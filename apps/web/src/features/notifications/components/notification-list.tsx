import { Badge, Empty, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../api/list-notifications';

/** The items of one notification tab; clicking an unread one marks it read; a transfer's links to it. */
export function NotificationList({
  items,
  loading,
  onRead,
}: {
  items: NotificationItem[];
  loading: boolean;
  onRead: (item: NotificationItem) => void;
}) {
  const { t } = useTranslation();
  if (!loading && items.length === 0)
    return (
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
    );
  return (
    <List
      loading={loading}
      dataSource={items}
      data-testid="notification-list"
      renderItem={(item) => (
        <List.Item
          key={item.id}
          onClick={() => (item.read ? undefined : onRead(item))}
          style={{ cursor: item.read ? 'default' : 'pointer', alignItems: 'flex-start' }}
          data-testid="notification-item"
          data-read={item.read ? 'true' : 'false'}
        >
          <List.Item.Meta
            avatar={<Badge status={item.read ? 'default' : 'processing'} style={{ marginTop: 6 }} />}
            title={
              <span style={{ fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' }}>
                {item.title}
              </span>
            }
            description={
              <div>
                <div style={{ color: 'rgba(0,0,0,0.65)', overflowWrap: 'anywhere' }}>{item.body}</div>
                <div
                  style={{ marginTop: 6, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}
                >
                  {item.organization_name ? <Tag bordered={false}>{item.organization_name}</Tag> : null}
                  {item.wallet_name ? <Tag bordered={false}>{item.wallet_name}</Tag> : null}
                  {item.task_number && item.link ? (
                    <Link
                      to={item.link}
                      data-testid="notification-link"
                      onClick={(event) => {
                        event.stopPropagation();
                        if (!item.read) onRead(item);
                      }}
                    >
                      <Tag bordered={false} color="blue">
                        #{item.task_number} · {t('layout:notifications.open')}
                      </Tag>
                    </Link>
                  ) : item.task_number ? (
                    <Tag bordered={false}>#{item.task_number}</Tag>
                  ) : null}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(item.created_at).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </div>
              </div>
            }
          />
        </List.Item>
      )}
    />
  );
}
