import { Table, Tag, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useBroadcastSchedule } from '../../api/task-schedule';
import type { EvmTaskInfo, TaskBroadcast } from '../../api/types';
import { formatTime } from '../transfer-bits';

const BROADCAST_COLOR: Record<number, string> = { 1: 'success', 2: 'processing', 3: 'default', 4: 'error' };

/**
 * The broadcast attempts (speed-ups included): hash, nonce, fee, status, and when each was last
 * sent to the chain and how often (GET /broadcast-schedule). Without the schedule the rest still shows.
 */
export function BroadcastAttempts({ task }: { task: EvmTaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const broadcasts = task.broadcasts ?? [];
  const schedule = useBroadcastSchedule(task.task_id, task.status, broadcasts.length);
  const sent = new Map((schedule.data?.list ?? []).map((row) => [row.tx_hash.toLowerCase(), row]));
  if (!broadcasts.length) return null;
  return (
    <>
      <Table<TaskBroadcast>
        size="small"
        rowKey="tx_hash"
        pagination={false}
        dataSource={broadcasts}
        // Fits its card (about 540 px at 1280): a 640 px scroll area hid the right-hand columns.
        tableLayout="fixed"
        data-testid="broadcast-list"
        columns={[
          {
            title: t('broadcast.hash'),
            dataIndex: 'tx_hash',
            // Shortened in the cell; the full hash is in the tooltip and copied by the icon.
            render: (value: string) => (
              <Typography.Text
                style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}
                copyable={{ text: value }}
                title={value}
              >
                {`${value.slice(0, 10)}…${value.slice(-8)}`}
              </Typography.Text>
            ),
          },
          { title: t('fields.nonce'), dataIndex: 'nonce', width: 64 },
          {
            title: t('broadcast.fee'),
            dataIndex: 'max_fee_gwei',
            width: 96,
            render: (value: string | null) => (value ? t('fee.gwei', { value }) : '—'),
          },
          {
            title: t('fields.status'),
            dataIndex: 'status',
            width: 104,
            render: (value: number) => (
              <Tag color={BROADCAST_COLOR[value]} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                {t(`broadcast.status.${value}`, { defaultValue: String(value) })}
              </Tag>
            ),
          },
          {
            title: t('broadcast.sent'),
            dataIndex: 'tx_hash',
            key: 'sent',
            width: 112,
            render: (value: string) => {
              const row = sent.get(value.toLowerCase());
              if (!row) return <span style={{ fontSize: 12 }}>{schedule.isPending ? '…' : '—'}</span>;
              return (
                <span style={{ fontSize: 12 }} data-testid="broadcast-sent">
                  {row.sent_at ? formatTime(row.sent_at) : t('broadcast.notSent')}
                  {row.send_count > 1 ? ` · ${t('broadcast.sendCount', { count: row.send_count })}` : ''}
                </span>
              );
            },
          },
        ]}
      />
      {schedule.isError ? (
        <div style={{ marginTop: 8 }}>
          <QueryError
            title={t('broadcast.scheduleError')}
            error={schedule.error}
            onRetry={() => schedule.refetch()}
            retrying={schedule.isFetching}
            testId="broadcast-schedule-error"
          />
        </div>
      ) : null}
    </>
  );
}
