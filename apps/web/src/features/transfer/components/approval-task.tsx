import { Typography } from 'antd';
import type { TransferTask } from '../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';

type Dapp = NonNullable<TransferTask['dapp']>;
/** A Dapp task (type 6) that sets a token allowance: a grant (approve) or a cancellation (approve_cancel). */
export type ApprovalTask = Extract<Dapp, { action: 'approve' | 'approve_cancel' }>;

/**
 * Such a task's Safe transaction "sends" 0 of the token to the token's own contract, which says
 * nothing to a reader: lists and the detail name the token, the spender and the allowance set.
 */
export const approvalTaskOf = (task: Pick<TransferTask, 'dapp'>): ApprovalTask | null =>
  task.dapp?.action === 'approve' || task.dapp?.action === 'approve_cancel' ? task.dapp : null;

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** The allowance the task sets: 0 for a cancellation, the amount (or Unlimited) for a grant. */
function useAllowance() {
  const { t } = useLazyTranslation('transfer');
  return (dapp: ApprovalTask) =>
    dapp.action === 'approve_cancel'
      ? '0'
      : dapp.amount === 'unlimited'
        ? t('approvalTask.unlimited')
        : dapp.amount;
}

/** "Cancel approval" or "Token approval": the task's kind in lists and titles. */
export function useApprovalTitle() {
  const { t } = useLazyTranslation('transfer');
  return (dapp: ApprovalTask) =>
    t(dapp.action === 'approve_cancel' ? 'approvalTask.cancelTitle' : 'approvalTask.grantTitle');
}

/** "Cancel approval: USDT · spender 0xabcd…1234" (or "Approve 40 USDT · spender …"), the full spender in the tooltip. */
export function ApprovalTaskLine({ dapp, testId }: { dapp: ApprovalTask; testId?: string }) {
  const { t } = useLazyTranslation('transfer');
  const allowance = useAllowance();
  const symbol = dapp.symbol ?? short(dapp.token);
  return (
    <Typography.Text data-testid={testId} title={dapp.spender}>
      {dapp.action === 'approve_cancel'
        ? t('approvalTask.cancelLine', { symbol, spender: short(dapp.spender) })
        : t('approvalTask.grantLine', { amount: allowance(dapp), symbol, spender: short(dapp.spender) })}
    </Typography.Text>
  );
}

/** "USDT allowance → 0": the amount column of a list. */
export function ApprovalTaskAmount({ dapp, testId }: { dapp: ApprovalTask; testId?: string }) {
  const { t } = useLazyTranslation('transfer');
  const allowance = useAllowance();
  return (
    <span data-testid={testId}>
      {t('approvalTask.allowanceTo', { symbol: dapp.symbol ?? short(dapp.token), amount: allowance(dapp) })}
    </span>
  );
}
