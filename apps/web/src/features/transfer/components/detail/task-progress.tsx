import { Steps } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TaskInfo } from '../../api/types';

const ORDER = ['created', 'approval', 'signing', 'broadcast', 'onChain', 'completed'] as const;
/** Which step a status stands on (§4 flow: creation, approval, signing, broadcast, on chain, completed). */
const AT: Record<number, number> = { 0: 1, 3: 2, 5: 3, 6: 4, 1: 5 };

export function TaskProgress({ task, vertical }: { task: TaskInfo; vertical?: boolean }) {
  const { t } = useLazyTranslation('transfer');
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
  return (
    <Steps
      size="small"
      direction={vertical ? 'vertical' : 'horizontal'}
      current={current}
      status={failedAt !== null ? 'error' : task.status === 1 ? 'finish' : 'process'}
      items={ORDER.map((key, index) => ({
        title: t(`progress.${key}`),
        description: index === current && failedAt !== null ? t(`status.${task.status}`) : undefined,
      }))}
      data-testid="task-progress"
    />
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
