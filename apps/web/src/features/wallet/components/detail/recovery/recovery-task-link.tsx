import { Link } from 'react-router';
import { Space } from 'antd';
import { TaskStatusTag, useTaskInfo } from '@/features/transfer';
import { useLazyTranslation } from '@/lib/use-namespace';
import { taskNumber } from '../../../recovery-state';

/**
 * A recovery task under way (enabling, veto, disabling): its number as a link to its detail and
 * its status there. Someone who may not read the task (the recoverer) sees the link only.
 */
export function RecoveryTaskLink({ taskId, testId }: { taskId: number; testId: string }) {
  const { t } = useLazyTranslation('recovery');
  const task = useTaskInfo(taskId, { silent: true });
  return (
    <Space size={8} wrap data-testid={testId}>
      <Link to={`/task/${taskId}`} data-testid={`${testId}-open`}>
        {t('task.open', { number: taskNumber(taskId) })}
      </Link>
      {task.data ? <TaskStatusTag status={task.data.status} /> : null}
    </Space>
  );
}
