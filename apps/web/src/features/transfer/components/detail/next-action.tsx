import { Alert, Typography } from 'antd';
import type { TaskInfo } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';

/**
 * Who acts next (the server asks the policy; names from the space's members): "Waiting for Bob,
 * Alice (you) to approve", the creator, and whether it is the caller's turn.
 */
export function NextAction({ task }: { task: TaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const { stage, waiting_for: waiting } = task.next_action;
  const names = waiting
    .map((person) => (person.you ? t('next.you', { name: person.nickname }) : person.nickname))
    .join(t('next.separator'));
  const message = !stage
    ? t('next.nobody')
    : waiting.length
      ? t(`next.waiting.${stage}`, { names })
      : t(`next.noOne.${stage}`);
  return (
    <Alert
      type={stage ? (task.you.needs_you ? 'warning' : 'info') : 'success'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="next-action"
      message={<span data-testid="next-waiting">{message}</span>}
      description={
        <span>
          <span data-testid="task-creator">
            {t('next.createdBy', { name: task.creator?.nickname ?? t('next.unknown') })}
          </span>
          {task.you.needs_you ? (
            <Typography.Text strong style={{ marginInlineStart: 8 }} data-testid="your-turn">
              {t(`next.yourTurn.${stage ?? 'approve'}`)}
            </Typography.Text>
          ) : null}
        </span>
      }
    />
  );
}
