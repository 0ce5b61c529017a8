import { Steps } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useTaskSchedule } from '../../api/task-schedule';
import type { TaskInfo } from '../../api/types';
import { isWeightedTask } from '../../task-rules';
import { formatTime } from '../transfer-bits';

const ORDER = ['created', 'approval', 'signing', 'broadcast', 'onChain', 'completed'] as const;
const SCHEDULE_STEP = {
  created: 'created',
  approval: 'approval',
  signing: 'signing',
  broadcast: 'broadcast',
  onChain: 'on_chain',
  completed: 'completed',
} as const;
/** Which step a status stands on (§4 flow: creation, approval, signing, broadcast, on chain, completed). */
const AT: Record<number, number> = { 0: 1, 3: 2, 5: 3, 6: 4, 1: 5 };

/**
 * The transfer's steps; under each, from GET /task/schedule, its count towards the threshold and
 * who acted and when. Without the schedule the steps still show, with the failure and Retry below.
 */
export function TaskProgress({ task, vertical }: { task: TaskInfo; vertical?: boolean }) {
  const { t } = useLazyTranslation('transfer');
  const signatures = 'signatures' in task ? task.signatures.length : 0;
  const schedule = useTaskSchedule(task.task_id, task.status, signatures, task.approvals.length);
  const failedAt =
    task.status === 9
      ? 1
      : task.status === 7
        ? lastReached(task)
        : task.status === 2 || task.status === 8
          ? 4
          : task.status >= 10
            ? 4
            : null;
  const current = AT[task.status] ?? failedAt ?? 0;
  const detail = (key: (typeof ORDER)[number]) => {
    const step = schedule.data?.steps.find((item) => item.step === SCHEDULE_STEP[key]);
    if (!step || step.state === 'skipped') return step?.state === 'skipped' ? t('progress.skipped') : null;
    // Tron and XRP count weights, not signatures: the signing step shows the weight reached of the threshold.
    const reached =
      key === 'signing' && isWeightedTask(task)
        ? task.signed_weight === null
          ? null
          : t('progress.weight', { weight: task.signed_weight, threshold: step.needed ?? 0 })
        : undefined;
    const count =
      reached !== undefined
        ? reached
        : step.needed !== null && step.count !== null
          ? `${step.count}/${step.needed}`
          : null;
    const names = step.people.map((person) => person.nickname ?? t('progress.someone'));
    const who = names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ');
    const parts = [count, who || null, !who && step.at ? formatTime(step.at) : null].filter(Boolean);
    return parts.length ? (
      <span data-testid={`task-step-${SCHEDULE_STEP[key]}`}>{parts.join(' · ')}</span>
    ) : null;
  };
  return (
    <>
      <Steps
        size="small"
        direction={vertical ? 'vertical' : 'horizontal'}
        current={current}
        status={failedAt !== null ? 'error' : task.status === 1 ? 'finish' : 'process'}
        items={ORDER.map((key, index) => ({
          title: t(`progress.${key}`),
          description:
            index === current && failedAt !== null ? t(`status.${task.status}`) : (detail(key) ?? undefined),
        }))}
        data-testid="task-progress"
      />
      {schedule.isError ? (
        <div style={{ marginTop: 12 }}>
          <QueryError
            title={t('progress.loadError')}
            error={schedule.error}
            onRetry={() => schedule.refetch()}
            retrying={schedule.isFetching}
            testId="task-schedule-error"
          />
        </div>
      ) : null}
    </>
  );
}

/** A revoked task stopped where it was: before signing when nobody signed, else at signing or broadcast. */
function lastReached(task: TaskInfo): number {
  if (task.execution || task.signatures.length >= (task.signing_threshold ?? Infinity)) return 3;
  if (
    task.signatures.length ||
    task.approvals.filter((a) => a.result === 1).length >= (task.approval_threshold ?? 0)
  )
    return 2;
  return 1;
}
