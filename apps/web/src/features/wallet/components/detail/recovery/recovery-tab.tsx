import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { disableRecovery } from '../../../api/disable-recovery';
import { recoveryKey, useRecovery, type RecoveryInfo } from '../../../api/get-recovery';
import { syncRecovery } from '../../../api/sync-recovery';
import { mayQueue } from '../../../recovery-state';
import { InheritanceCard } from './inheritance-card';
import { RecoveryEnableForm } from './recovery-enable-form';
import { RecoveryPending } from './recovery-pending';
import { RecoveryStart } from './recovery-start';
import { RecoveryStateCard } from './recovery-state-card';
import { RecoveryTaskModal } from './recovery-task-modal';

/**
 * §1/§4 emergency recovery of a Safe (wallet tab "Recovery"): where it stands and who acts next;
 * admins enable it (a wallet task) or disable it; the recoverer queues an owner swap from their
 * own wallet; while one is pending the owners veto it, and anyone runs it after the delay.
 * `chainKey` is unknown to a recoverer who holds no role on the wallet (their wallet then names
 * the chain from the transaction).
 */
export function RecoveryTab({ walletId, chainKey }: { walletId: number; chainKey?: string }) {
  const { t } = useLazyTranslation('recovery');
  const client = useQueryClient();
  const recovery = useRecovery(walletId);
  const sync = useMutation({
    mutationFn: () => syncRecovery(walletId),
    onSuccess: (info) => client.setQueryData(recoveryKey(walletId), info),
  });
  const info = recovery.data;
  // §4 family inheritance: family spaces (kind 2) only, below the recovery.
  const space = useOrganizationBaseInfo(useSelectedSpaceId());
  const inheritance =
    space.data?.kind === 2 ? (
      <InheritanceCard walletId={walletId} chainKey={chainKey} recovery={info} />
    ) : null;

  // A failed read is said as such with Retry, never shown as "not enabled".
  if (recovery.isError && !info)
    return (
      <div data-testid="recovery-tab">
        <QueryError
          title={t('loadError')}
          error={recovery.error}
          onRetry={() => recovery.refetch()}
          retrying={recovery.isFetching}
          testId="recovery-error"
        />
        {inheritance ? <div style={{ marginTop: 16 }}>{inheritance}</div> : null}
      </div>
    );
  if (!info)
    return (
      <div data-testid="recovery-tab">
        <Skeleton active data-testid="recovery-loading" />
      </div>
    );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="recovery-tab">
      {recovery.isError ? (
        <QueryError
          title={t('refreshError')}
          error={recovery.error}
          onRetry={() => recovery.refetch()}
          retrying={recovery.isFetching}
          testId="recovery-error"
        />
      ) : null}
      {info.state === 'pending_restore' ? (
        <RecoveryPending info={info} syncing={sync.isPending} onSync={() => sync.mutate()} />
      ) : null}
      <RecoveryStateCard info={info} syncing={sync.isPending} onSync={() => sync.mutate()} />
      <RecoveryActions info={info} chainKey={chainKey} />
      {inheritance}
    </Space>
  );
}

/** What the caller can do in this state (the pending state's actions sit with its banner). */
function RecoveryActions({ info, chainKey }: { info: RecoveryInfo; chainKey?: string }) {
  const { t } = useLazyTranslation('recovery');
  const [disabling, setDisabling] = useState(false);
  if (!info.available) return null;
  if (info.state === 'not_enabled')
    return info.you.can_manage && chainKey ? <RecoveryEnableForm info={info} chainKey={chainKey} /> : null;
  if (info.state !== 'enabled') return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {mayQueue(info) ? <RecoveryStart info={info} chainKey={chainKey} /> : null}
      {info.you.can_manage && info.disable_task_id === null ? (
        <Card size="small" title={t('disable.title')} data-testid="recovery-disable-card">
          <Alert type="info" showIcon message={t('disable.hint')} style={{ marginBottom: 12 }} />
          <Button danger onClick={() => setDisabling(true)} data-testid="recovery-disable">
            {t('disable.open')}
          </Button>
        </Card>
      ) : null}
      {disabling ? (
        <RecoveryTaskModal
          walletId={info.wallet_id}
          title={t('disable.title')}
          what={t('disable.what')}
          detail={t('disable.detail')}
          okText={t('disable.confirm')}
          create={() => disableRecovery(info.wallet_id)}
          created={(number) => t('disable.created', { number })}
          onClose={() => setDisabling(false)}
          testId="recovery-disable-modal"
        />
      ) : null}
    </Space>
  );
}
