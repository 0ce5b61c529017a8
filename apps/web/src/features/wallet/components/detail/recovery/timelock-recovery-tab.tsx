import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useTimelockRecovery } from '../../../api/get-timelock-recovery';
import { useChains } from '../../../api/list-chains';
import { RecoverySweep } from './recovery-sweep';
import { TimelockRecoveryCoins } from './timelock-recovery-coins';
import { TimelockRecoveryKey } from './timelock-recovery-key';

/** Blocks until the first waiting coin matures, or null when none waits. */
const nextInBlocks = (coins: Array<{ blocks_left: number }>) => {
  const waiting = coins.map((coin) => coin.blocks_left).filter((left) => left > 0);
  return waiting.length ? Math.min(...waiting) : null;
};

/**
 * A Bitcoin-family wallet's recovery path (tab "Recovery"): the key that alone may move coins
 * once they are `blocks` old, who holds it, the coins by age, and — for the key's holder (or
 * admins for a backup key) — the sweep of the matured coins. A recoverer who holds no role on
 * the wallet learns its chain from the reply (`chainKey` is then not given).
 */
export function TimelockRecoveryTab({ walletId, chainKey }: { walletId: number; chainKey?: string }) {
  const { t } = useLazyTranslation('recovery');
  const recovery = useTimelockRecovery(walletId);
  const info = recovery.data;
  const chainId = chainKey ?? info?.chain_key;
  const symbol = useChains().data?.list.find((chain) => chain.chain_id === chainId)?.symbol ?? '';
  const error = (title: string) => (
    <QueryError
      title={title}
      error={recovery.error}
      onRetry={() => recovery.refetch()}
      retrying={recovery.isFetching}
      testId="timelock-error"
    />
  );

  // A failed read is said as such with Retry, never shown as a wallet without coins.
  if (recovery.isError && !info)
    return <div data-testid="timelock-tab">{error(t('timelock.loadError'))}</div>;
  if (!info)
    return (
      <div data-testid="timelock-tab">
        <Skeleton active />
      </div>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="timelock-tab">
      {recovery.isError ? error(t('timelock.refreshError')) : null}
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('timelock.intro')}</Typography.Paragraph>
      <TimelockRecoveryKey info={info} chainKey={chainId} />
      <Card title={t('timelock.coins')} size="small">
        <TimelockRecoveryCoins info={info} symbol={symbol} />
      </Card>
      <Alert type="info" showIcon message={t('timelock.ownersNote')} data-testid="timelock-owners-note" />
      {info.you.can_sweep ? (
        <RecoverySweep walletId={walletId} symbol={symbol} nextInBlocks={nextInBlocks(info.coins)} />
      ) : (
        <Typography.Text type="secondary" data-testid="sweep-not-yours">
          {t(info.recoverer ? 'timelock.sweepHolderOnly' : 'timelock.sweepAdminsOnly')}
        </Typography.Text>
      )}
    </Space>
  );
}
