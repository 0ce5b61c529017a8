import { Card, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { TaskInfo } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';
import { TaskStatusTag } from '../transfer-bits';

/** The wallet's active tasks in Safe-nonce order: a transfer executes only after the ones before it. */
export function QueueCard({ task }: { task: TaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const queue = task.queue ?? [];
  if (queue.length < 2 && !queue.some((item) => item.task_id !== task.task_id)) return null;
  return (
    <Card size="small" title={t('queue.title')} data-testid="queue-card">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('queue.hint')}
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={queue}
        renderItem={(item) => (
          <List.Item
            style={{
              background: item.task_id === task.task_id ? 'rgba(22,119,255,0.06)' : undefined,
              paddingInline: 8,
            }}
          >
            <Space size={6} wrap>
              <Typography.Text type="secondary">#{item.nonce ?? '—'}</Typography.Text>
              {item.task_id === task.task_id ? (
                <Typography.Text strong>{item.task_number}</Typography.Text>
              ) : (
                <Link to={`/task/${item.task_id}`}>{item.task_number}</Link>
              )}
              {item.rejection ? <Tag color="orange">{t('queue.rejection')}</Tag> : null}
            </Space>
            <TaskStatusTag status={item.status} />
          </List.Item>
        )}
      />
    </Card>
  );
}
