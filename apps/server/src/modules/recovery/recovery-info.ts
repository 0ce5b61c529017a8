import type { RecoveryInfo } from '@keystead/contract';
import { EmergencyRecoveryState } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import { canOnRecovery } from '../policy/policy';
import { familyOf } from '../transfers/transfer-family';
import { recoveryWallet } from './recovery-access';
import { presentQueued } from './recovery-queue';
import { activeRecoveryTasks, recoveryOf, walletOwners } from './recovery-repository';

/** GET /wallets/recovery: where the wallet's recovery stands, as last read from the chain. */
export async function recoveryInfo(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<RecoveryInfo> {
  const { wallet, relation, isRecoverer, backupRecoverer } = await recoveryWallet(
    ctx,
    actor,
    walletId,
    'view',
  );
  const [recovery, tasks, owners] = await Promise.all([
    recoveryOf(ctx.db, walletId),
    activeRecoveryTasks(ctx.db, walletId),
    walletOwners(ctx.db, walletId),
  ]);
  const standing = { isRecoverer, backupRecoverer };
  const may = (action: 'manage' | 'cancel') =>
    canOnRecovery(actor.member.role, relation, action, standing).allowed;
  const state = (
    recovery ? wallet.recovery_state : EmergencyRecoveryState.NotEnabled
  ) as RecoveryInfo['state'];
  return {
    wallet_id: wallet.id,
    available: Boolean(familyOf(ctx, wallet.chain_key).recovery),
    state,
    signature:
      state === EmergencyRecoveryState.PendingRestore
        ? EmergencyRecoveryState.SignatureDisabled
        : EmergencyRecoveryState.SignatureEnabled,
    recoverer: recovery
      ? {
          address: recovery.recoverer_address,
          user_id: recovery.recoverer_user_id,
          nickname: recovery.recoverer_nickname ?? null,
        }
      : null,
    delay_address: recovery?.delay_address ?? null,
    cooldown_hours: recovery ? recovery.cooldown_seconds / 3600 : null,
    expiration_hours: recovery ? recovery.expiration_seconds / 3600 : null,
    enable_task_id: tasks.get('recovery_enable')?.taskId ?? null,
    cancel_task_id: tasks.get('recovery_cancel')?.taskId ?? null,
    disable_task_id: tasks.get('recovery_disable')?.taskId ?? null,
    owners: owners.map((o) => o.address),
    queued: (recovery?.queued ?? []).map((q) => presentQueued(q, recovery!)),
    chain_time: recovery?.chain_time?.toISOString() ?? null,
    checked_at: recovery?.checked_at?.toISOString() ?? null,
    you: { is_recoverer: isRecoverer, can_manage: may('manage'), can_cancel: may('cancel') },
  };
}
