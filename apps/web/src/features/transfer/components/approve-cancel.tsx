import { Typography } from 'antd';
import type { TransferTask } from '../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';

type ApproveCancel = Extract<NonNullable<TransferTask['dapp']>, { action: 'approve_cancel' }>;

/**
 * A Dapp task (type 6) that cancels a token approval: its "transfer" is 0 of the token to the
 * token's own contract, which says nothing to a reader; lists and the detail name the token and
 * the spender instead.
 */
export const approveCancelOf = (task: Pick<TransferTask, 'dapp'>): ApproveCancel | null =>
  task.dapp?.action === 'approve_cancel' ? task.dapp : null;

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** "Cancel approval: USDT · spender 0xabcd…1234", the full spender in the tooltip. */
export function ApproveCancelLine({ dapp, testId }: { dapp: ApproveCancel; testId?: string }) {
  const { t } = useLazyTranslation('transfer');
  return (
    <Typography.Text data-testid={testId} title={dapp.spender}>
      {t('approveCancel.line', { symbol: dapp.symbol ?? short(dapp.token), spender: short(dapp.spender) })}
    </Typography.Text>
  );
}
