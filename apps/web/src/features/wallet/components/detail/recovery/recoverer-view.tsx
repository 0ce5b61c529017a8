import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useInheritance } from '../../../api/get-inheritance';
import { useRecovery } from '../../../api/get-recovery';
import { useTimelockRecovery } from '../../../api/get-timelock-recovery';
import { InheritanceCard } from './inheritance-card';
import { RecoveryTab } from './recovery-tab';
import { TimelockRecoveryTab } from './timelock-recovery-tab';

/**
 * The wallet page of someone who holds no role on the wallet but whom the server shows a part
 * of it: its recoverer sees the Recovery tab; its heir (family spaces) the Inheritance card, to
 * accept, deny or apply. Anyone else gets `notFound`.
 */
export function RecovererView({ walletId, notFound }: { walletId: number; notFound: ReactNode }) {
  const { t } = useLazyTranslation('recovery');
  // A Bitcoin-family wallet's recovery key: its reply says the path is there (and visible to us).
  const timelock = useTimelockRecovery(walletId);
  const timelockDone = timelock.isError || Boolean(timelock.data);
  const recovery = useRecovery(walletId, timelock.isError);
  const isRecoverer = Boolean(timelock.data) || recovery.data?.you.is_recoverer === true;
  const recoveryDone = Boolean(timelock.data) || recovery.isError || Boolean(recovery.data);
  // Only asked once the recovery said "not yours": a recoverer's page needs no second read.
  const inheritance = useInheritance(walletId, recoveryDone && !isRecoverer);
  const isHeir = inheritance.data?.you.is_heir === true;

  if (!timelockDone || !recoveryDone || (!isRecoverer && inheritance.isPending))
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!isRecoverer && !isHeir) return <>{notFound}</>;
  return (
    <div data-testid="recoverer-view">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(isRecoverer ? 'recovererView.title' : 'heirView.title', { id: walletId })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t(isRecoverer ? 'recovererView.hint' : 'heirView.hint')}
        </Typography.Text>
      </Card>
      {timelock.data ? (
        <Card>
          <TimelockRecoveryTab walletId={walletId} />
        </Card>
      ) : isRecoverer ? (
        <Card>
          <RecoveryTab walletId={walletId} />
        </Card>
      ) : (
        <InheritanceCard walletId={walletId} heirOnly />
      )}
    </div>
  );
}
