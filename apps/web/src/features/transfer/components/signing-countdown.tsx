import { useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import { TASK_STATUS } from '../task-rules';

const HOUR = 3_600_000;

/** The time now, again every `ms` (a countdown's tick). */
function useNow(ms = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Milliseconds → hours, minutes and seconds left (never negative). */
export function splitDuration(ms: number): { h: number; m: number; s: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    h: Math.floor(total / 3600),
    m: Math.floor((total % 3600) / 60),
    s: String(total % 60).padStart(2, '0'),
  };
}

/**
 * §4: a Tron transfer must be fully signed within 24 h, an XRP one within its ledger window
 * (LastLedgerSequence, about 24 h), or it times out (11). Shows the time left
 * while it can be signed (amber under an hour), "timed out" once past it or at status 11. `compact`:
 * the list's short form.
 */
export function SigningCountdown(props: {
  expiresAt: string | null | undefined;
  status: number;
  compact?: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const now = useNow(props.compact ? 30_000 : 1_000);
  // In the list the status tag already says "Timed out".
  const timedOut = props.status === TASK_STATUS.timeoutCancelled && !props.compact;
  if (!timedOut && (!props.expiresAt || props.status !== TASK_STATUS.pendingSignature)) return null;
  const left = props.expiresAt ? new Date(props.expiresAt).getTime() - now : 0;
  if (timedOut || left <= 0)
    return (
      <Tag color="error" icon={<ClockCircleOutlined />} data-testid="signing-countdown">
        {t('countdown.timedOut')}
      </Tag>
    );
  const time = splitDuration(left);
  if (props.compact)
    return (
      <Tag
        color={left < HOUR ? 'warning' : 'default'}
        icon={<ClockCircleOutlined />}
        style={{ marginInlineEnd: 0 }}
        data-testid="signing-countdown"
      >
        {t('countdown.short', time)}
      </Tag>
    );
  return (
    <Typography.Text
      type={left < HOUR ? 'warning' : undefined}
      strong
      data-testid="signing-countdown"
      role="timer"
    >
      <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
      {t('countdown.left', time)}
    </Typography.Text>
  );
}
