import { Link } from 'react-router';
import { Alert } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';

/** A Dapp task this page created, newest first. */
export interface CreatedTask {
  taskId: number;
  /** Calls carried; 0 for a message task. */
  callCount: number;
}

/** What the user sees after confirming a Dapp's request: the task and where it goes next. */
export function CreatedTasks({ tasks }: { tasks: CreatedTask[] }) {
  const { t } = useLazyTranslation('dapp');
  return (
    <>
      {tasks.map((entry) => (
        <Alert
          key={entry.taskId}
          type="success"
          showIcon
          data-testid="dapp-task-created"
          message={
            entry.callCount > 0 ? t('created.title', { count: entry.callCount }) : t('message.created')
          }
          description={
            <Link to={`/task/${entry.taskId}`} data-testid="dapp-task-link">
              {t('created.link', { id: entry.taskId })}
            </Link>
          }
        />
      ))}
    </>
  );
}
