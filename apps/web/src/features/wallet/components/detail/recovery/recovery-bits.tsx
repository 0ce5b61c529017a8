import { Grid, Tag, Typography } from 'antd';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/date-format';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { RecoveryInfo } from '../../../api/get-recovery';
import { countdown } from '../../../recovery-state';
import { MONO } from '../../wallet-bits';

const STATE_COLOR: Record<RecoveryInfo['state'], string> = {
  not_enabled: 'default',
  allowed_by_admin: 'processing',
  enabled: 'success',
  pending_restore: 'error',
};

/** The recovery's state as a tag: not enabled, being enabled, enabled, recovery pending. */
export function RecoveryStateTag({ state }: { state: RecoveryInfo['state'] }) {
  const { t } = useLazyTranslation('recovery');
  return (
    <Tag color={STATE_COLOR[state]} style={{ marginInlineEnd: 0 }} data-testid="recovery-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** A full address, monospaced, wrapping and copyable. */
export function FullAddress({ address, testId }: { address: string; testId?: string }) {
  return (
    <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }} data-testid={testId}>
      {address}
    </Typography.Text>
  );
}

/** A chain time in the language's one format (the browser's time zone). */
export const chainDate = (iso: string) => formatDateTime(iso, currentLanguage());

/** "7 days" for whole days, else "30 h". */
export function useDelayText() {
  const { t } = useLazyTranslation('recovery');
  return (hours: number) =>
    hours % 24 === 0 ? t('delay.days', { count: hours / 24 }) : t('delay.hours', { count: hours });
}

/** "2 d 3 h 4 min", or under a day "3 h 4 min 5 s". */
export function useCountdownText() {
  const { t } = useLazyTranslation('recovery');
  return (ms: number) => {
    const left = countdown(ms);
    return left.days > 0 ? t('countdown.days', { ...left }) : t('countdown.hours', { ...left });
  };
}

/** Label beside value from a small tablet up; label above value on a phone (long addresses). */
export function useDescriptionsLayout(): 'horizontal' | 'vertical' {
  return Grid.useBreakpoint().sm ? 'horizontal' : 'vertical';
}
