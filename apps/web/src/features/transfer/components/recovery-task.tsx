import { Typography } from 'antd';
import type { TransferTask } from '../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';

type Dapp = NonNullable<TransferTask['dapp']>;
/** A wallet task of emergency recovery (type 6): enable the delay module, veto, or disable it. */
export type RecoveryTask = Extract<
  Dapp,
  { action: 'recovery_enable' | 'recovery_cancel' | 'recovery_disable' }
>;

/**
 * Such a task's Safe transaction "sends" 0 to the recovery module, which says nothing to a
 * reader: lists and the detail say what it does to the wallet's recovery instead.
 */
export const recoveryTaskOf = (task: Pick<TransferTask, 'dapp'>): RecoveryTask | null =>
  task.dapp?.action === 'recovery_enable' ||
  task.dapp?.action === 'recovery_cancel' ||
  task.dapp?.action === 'recovery_disable'
    ? task.dapp
    : null;

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** "Enable recovery", "Veto recovery", "Disable recovery": the task's kind in lists and titles. */
export function useRecoveryTitle() {
  const { t } = useLazyTranslation('transfer');
  return (dapp: RecoveryTask) => t(`recoveryTask.title.${dapp.action}`);
}

/**
 * "Enable emergency recovery: recoverer 0xabcd…1234, delay 48 h", "Veto the pending recovery",
 * "Disable emergency recovery"; the full recoverer in the tooltip.
 */
export function RecoveryTaskLine({ dapp, testId }: { dapp: RecoveryTask; testId?: string }) {
  const { t } = useLazyTranslation('transfer');
  if (dapp.action === 'recovery_enable')
    return (
      <Typography.Text data-testid={testId} title={dapp.recoverer}>
        {dapp.expiration_hours > 0
          ? t('recoveryTask.enableLineExpiry', {
              recoverer: short(dapp.recoverer),
              hours: dapp.cooldown_hours,
              expiry: dapp.expiration_hours,
            })
          : t('recoveryTask.enableLine', { recoverer: short(dapp.recoverer), hours: dapp.cooldown_hours })}
      </Typography.Text>
    );
  return (
    <Typography.Text data-testid={testId} title={dapp.delay}>
      {t(dapp.action === 'recovery_cancel' ? 'recoveryTask.cancelLine' : 'recoveryTask.disableLine')}
    </Typography.Text>
  );
}
