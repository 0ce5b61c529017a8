import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { MobileTask } from '@keystead/contract/api/mobile';
import { QueryError } from '@/components/ui/query-error';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useMobileTasks } from '../api/queries';
import { keepTasks, readKeptTasks } from '../lib/task-cache';
import { useOnline } from '../lib/use-online';
import { messageLine } from './message-detail';

const short = (address: string | null) => (address ? `${address.slice(0, 6)}…${address.slice(-4)}` : '—');

/**
 * Tasks waiting for this phone's key, from every space. The last list read is kept on the phone:
 * when the phone is offline or the server fails, that list is shown under a banner with its time
 * (never an empty list for a failed request).
 */
export function TaskList(props: {
  email: string;
  address: string;
  onOpen: (task: MobileTask) => void;
  /** Retry also asks again what failed with the list (the session, after an offline start). */
  onRetry: () => void;
  /** The server no longer knows this phone's session. */
  onSignedOut: () => void;
}) {
  const { t } = useLazyTranslation('mobile');
  const online = useOnline();
  const query = useMobileTasks(props.address);
  const { email, onSignedOut } = props;
  useEffect(() => {
    if (query.data) keepTasks(email, query.data);
  }, [email, query.data]);
  // The phone's session ended (expired, or signed out elsewhere): the page asks to pair again.
  const sessionEnded = isApiError(query.error) && query.error.status === 401;
  useEffect(() => {
    if (sessionEnded) onSignedOut();
  }, [sessionEnded, onSignedOut]);
  const kept = useMemo(
    () => (query.isError || !online ? readKeptTasks(email, props.address) : null),
    [email, props.address, query.isError, online],
  );
  const failed = query.isError || (!online && !query.isFetching);
  const shown = failed ? (kept ?? query.data ?? null) : (query.data ?? null);
  const offline = !online || (isApiError(query.error) && query.error.isNetwork);

  const banner = failed ? (
    <Alert
      type={offline ? 'warning' : 'error'}
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      data-testid="mobile-offline"
      message={
        shown
          ? t(offline ? 'tasks.offlineSince' : 'tasks.failedSince', {
              time: formatDateTime(shown.read_at, currentLanguage()),
            })
          : t(offline ? 'tasks.offline' : 'tasks.failed')
      }
      description={
        offline ? t('tasks.offlineHint') : isApiError(query.error) ? query.error.message : undefined
      }
      action={
        <Button
          icon={<ReloadOutlined />}
          loading={query.isFetching}
          onClick={() => {
            props.onRetry();
            void query.refetch();
          }}
          data-testid="mobile-tasks-retry"
        >
          {t('tasks.retry')}
        </Button>
      }
    />
  ) : null;

  if (!shown) {
    if (failed)
      return (
        <div data-testid="mobile-tasks">
          {banner ?? (
            <QueryError title={t('tasks.failed')} error={query.error} onRetry={() => query.refetch()} />
          )}
        </div>
      );
    return (
      <div data-testid="mobile-tasks">
        <Skeleton active />
      </div>
    );
  }

  return (
    <div data-testid="mobile-tasks">
      {banner}
      {shown.list.length === 0 ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span data-testid="mobile-tasks-empty">
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('tasks.empty')}</strong>
                {t('tasks.emptyHint')}
              </span>
            }
          />
        </Card>
      ) : (
        shown.list.map((task) => (
          <TaskCard
            key={`${task.organization_id}:${task.task_id}`}
            task={task}
            onOpen={() => props.onOpen(task)}
          />
        ))
      )}
      {!failed ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, textAlign: 'center' }}>
          {t('tasks.updated', { time: formatDateTime(shown.read_at, currentLanguage()) })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

function TaskCard({ task, onOpen }: { task: MobileTask; onOpen: () => void }) {
  const { t } = useLazyTranslation('mobile');
  return (
    <Card
      hoverable
      size="small"
      style={{ marginBottom: 12 }}
      onClick={onOpen}
      role="button"
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onOpen();
      }}
      data-testid="mobile-task"
      data-task-id={task.task_id}
      styles={{ body: { padding: 14 } }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {task.organization_name} · {task.wallet_name}
          </Typography.Text>
          <div style={{ fontSize: 20, fontWeight: 600, lineHeight: '28px' }} data-testid="mobile-task-amount">
            {task.message
              ? messageLine(task.message, t)
              : task.amount !== null
                ? `${task.amount} ${task.symbol ?? ''}`.trim()
                : taskLabel(task, t)}
          </div>
          {/* A message sends nothing: the line says which site asks instead of a recipient. */}
          <Typography.Text style={{ fontSize: 13, wordBreak: 'break-all' }}>
            {task.message
              ? t('message.askedBy', { url: task.message.dapp_url })
              : t('tasks.to', { to: short(task.to_address) })}
          </Typography.Text>
          <div style={{ marginTop: 6, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
            <Tag>{task.chain}</Tag>
            <Tag color="processing" data-testid="mobile-task-progress">
              {t('tasks.progress', { signed: task.signatures, threshold: task.threshold })}
            </Tag>
          </div>
        </div>
        <RightOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />
      </div>
    </Card>
  );
}

/** What a task without a single amount does: its wallet action (a recovery veto…), else its type. */
export function taskLabel(task: Pick<MobileTask, 'type' | 'dapp_action'>, t: TFunction<'mobile'>): string {
  const fallback = t(`taskType.${typeKey(task.type)}`);
  return task.dapp_action ? t(`dappAction.${task.dapp_action}`, { defaultValue: fallback }) : fallback;
}

/** §3 task types the phone names when a task has no single amount. */
export function typeKey(type: number): 'transfer' | 'batch' | 'preSigned' | 'dapp' | 'other' {
  return type === 1
    ? 'transfer'
    : type === 4
      ? 'batch'
      : type === 5
        ? 'preSigned'
        : type === 6
          ? 'dapp'
          : 'other';
}
