import { Alert, Button } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useRecovery } from '../../../api/get-recovery';
import { nextQueued } from '../../../recovery-state';
import { chainDate } from './recovery-bits';

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * On the wallet's header while a recovery is pending: what is queued, from when it can run, and
 * that the wallet signs nothing else meanwhile; "Open" goes to the Recovery tab. Nothing otherwise
 * (nor when the read failed: the tab says that).
 */
export function RecoveryBanner({ walletId, onOpen }: { walletId: number; onOpen?: () => void }) {
  const { t } = useLazyTranslation('recovery');
  const recovery = useRecovery(walletId);
  const info = recovery.data;
  const next = info ? nextQueued(info) : null;
  if (!info || info.state !== 'pending_restore' || !next) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 16 }}
      data-testid="recovery-header-banner"
      message={
        next.lost_owner && next.new_owner
          ? t('banner.what', { lost: short(next.lost_owner), next: short(next.new_owner) })
          : t('banner.whatOther')
      }
      description={t('banner.when', { date: chainDate(next.executable_at) })}
      action={
        onOpen ? (
          <Button size="small" danger onClick={onOpen} data-testid="recovery-header-open">
            {t('banner.open')}
          </Button>
        ) : undefined
      }
    />
  );
}
