import { Tag, Typography } from 'antd';
import { formatErrorMessage, type ErrorCode, type ErrorParams } from '@keystead/contract/errors/index';
import { currentLanguage } from '@/lib/i18n';
import { MONO } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';

const STATUS_COLOR: Record<number, string> = {
  0: 'gold',
  1: 'success',
  2: 'error',
  3: 'processing',
  5: 'purple',
  6: 'cyan',
  7: 'default',
  8: 'error',
  9: 'error',
  10: 'default',
  11: 'default',
};

/** §4 Task status as a tag. */
export function TaskStatusTag({ status }: { status: number }) {
  const { t } = useLazyTranslation('transfer');
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} style={{ marginInlineEnd: 0 }} data-testid="task-status">
      {t(`status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

/** The catalogue's message for a code, in the current language (client-side §5 checks). */
export const catalogueMessage = (code: ErrorCode, params: ErrorParams = {}) =>
  formatErrorMessage(code, currentLanguage(), params);

/** A long hex (hash, address) that wraps and copies. */
export function HexText({ value, testId }: { value: string | null | undefined; testId?: string }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text
      style={{ ...MONO, wordBreak: 'break-all' }}
      copyable={{ text: value }}
      data-testid={testId}
    >
      {value}
    </Typography.Text>
  );
}

/** "12.5 USDT": the decimal string as the server gave it (never through floats). */
export function TokenAmount({
  amount,
  symbol,
  testId,
}: {
  amount: string | null;
  symbol: string | null;
  testId?: string;
}) {
  if (amount === null) return <span>—</span>;
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {fraction ? `${grouped}.${fraction}` : grouped} {symbol ?? ''}
    </span>
  );
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
