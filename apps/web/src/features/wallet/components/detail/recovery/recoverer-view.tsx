import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useRecovery } from '../../../api/get-recovery';
import { RecoveryTab } from './recovery-tab';

/**
 * The wallet page of a recoverer who holds no role on the wallet (the server shows them its
 * recovery and nothing else): the Recovery tab alone. Anyone else gets `notFound`.
 */
export function RecovererView({ walletId, notFound }: { walletId: number; notFound: ReactNode }) {
  const { t } = useLazyTranslation('recovery');
  const recovery = useRecovery(walletId);
  if (recovery.isError || (recovery.data && !recovery.data.you.is_recoverer)) return <>{notFound}</>;
  if (!recovery.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <div data-testid="recoverer-view">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('recovererView.title', { id: walletId })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('recovererView.hint')}</Typography.Text>
      </Card>
      <Card>
        <RecoveryTab walletId={walletId} />
      </Card>
    </div>
  );
}
