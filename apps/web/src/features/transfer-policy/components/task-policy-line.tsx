import { Alert, Tooltip, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import type { TaskPolicyReply } from '../api/transfer-policy';
import { taskPolicyWords } from './policy-words';

/**
 * The rule a transfer matched and what it requires ("Rule 3 “Large” → 2 approvals from Finance");
 * `compact` (a narrow table column) names the rule and shows the rest on hover.
 */
export function TaskPolicyLine({
  policy,
  detail = false,
  compact = false,
}: {
  policy: TaskPolicyReply;
  detail?: boolean;
  compact?: boolean;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  const first = policy.matches[0];
  if (compact && first)
    return (
      <Tooltip title={taskPolicyWords(t, policy)}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="task-policy">
          {t('task.short', { rule: first.rule, name: first.name })}
        </Typography.Text>
      </Tooltip>
    );
  return (
    <Typography.Text
      type={detail ? undefined : 'secondary'}
      style={detail ? undefined : { fontSize: 12 }}
      data-testid="task-policy"
    >
      {taskPolicyWords(t, policy)}
      {detail && policy.matches[0]?.why.length ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {policy.matches.map((m) => m.why.join(', ')).join(' · ')}
        </Typography.Text>
      ) : null}
    </Typography.Text>
  );
}

/** A policy delay still running: when the transfer may be broadcast. */
export function BroadcastAfter({ at }: { at: string | null | undefined }) {
  const { t } = useLazyTranslation('transferPolicy');
  if (!at || new Date(at).getTime() <= Date.now()) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="broadcast-after"
      message={t('task.broadcastAfter', { time: formatDateTime(at, currentLanguage()) })}
    />
  );
}
