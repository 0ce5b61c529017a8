import { Descriptions, Grid, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TimelockRecoveryInfo } from '../../../api/get-timelock-recovery';
import { useApproxDelay } from '../../create/recovery-key-section';
import { MONO } from '../../wallet-bits';

/** The recovery path itself: its delay, its key and who holds it, the descriptor to recover without us. */
export function TimelockRecoveryKey({ info, chainKey }: { info: TimelockRecoveryInfo; chainKey?: string }) {
  const { t } = useLazyTranslation('recovery');
  const approx = useApproxDelay(chainKey ?? '');
  const xpub = info.key.xpub;
  // On a phone the labels go above their values: a long descriptor needs the whole width.
  const wide = Grid.useBreakpoint().md;
  return (
    <Descriptions
      bordered
      column={1}
      size="small"
      layout={wide ? 'horizontal' : 'vertical'}
      data-testid="timelock-key"
    >
      <Descriptions.Item label={t('timelock.delay')}>
        <span data-testid="timelock-delay">
          {chainKey
            ? t('timelock.delayApprox', { count: info.blocks, approx: approx(info.blocks) })
            : t('timelock.delayBlocks', { count: info.blocks })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('timelock.key')}>
        <div style={{ ...MONO, wordBreak: 'break-all' }}>
          [{info.key.fingerprint}] {info.key.path}
        </div>
        <Typography.Text copyable={{ text: xpub }} title={xpub} style={MONO}>
          {`${xpub.slice(0, 12)}…${xpub.slice(-8)}`}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('timelock.holder')}>
        <span data-testid="timelock-holder">
          {info.recoverer
            ? t('timelock.holderMember', { name: info.recoverer.nickname || `#${info.recoverer.user_id}` })
            : t('timelock.holderBackup')}
        </span>
      </Descriptions.Item>
      {info.descriptor ? (
        <Descriptions.Item label={t('timelock.descriptor')}>
          <Typography.Paragraph
            copyable
            ellipsis={{ rows: 3, expandable: true }}
            style={{ ...MONO, wordBreak: 'break-all', marginBottom: 4 }}
            data-testid="timelock-descriptor"
          >
            {info.descriptor}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('timelock.descriptorHint')}</Typography.Text>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
