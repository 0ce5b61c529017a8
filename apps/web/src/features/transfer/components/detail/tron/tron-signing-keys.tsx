import { List, Progress, Tag, Typography } from 'antd';
import { AddressText, personName, type WalletDetail } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TronTaskInfo } from '../../../api/types';
import { SigningStateTag } from '../signing-state-tag';

/**
 * Each key of the wallet's active permission: who holds it, its weight on chain now, whether it
 * signed; and the weight reached against the threshold. A weight the chain could not give is said
 * as unknown, never as 0.
 */
export function TronSigningKeys(props: {
  task: TronTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const threshold = task.signing_threshold ?? 0;
  const reached = task.signed_weight;
  const holder = (address: string) => props.wallet?.signers.find((signer) => signer.address === address);
  return (
    <div data-testid="tron-signing-keys">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Typography.Text strong data-testid="tron-weight-reached">
          {reached === null
            ? t('tron.weightUnknown', { threshold })
            : t('tron.weightReached', { weight: reached, threshold })}
        </Typography.Text>
        {reached !== null && threshold > 0 ? (
          <Progress
            percent={Math.min(100, Math.round((reached / threshold) * 100))}
            showInfo={false}
            size="small"
            status={reached >= threshold ? 'success' : 'active'}
            style={{ flex: '1 1 160px', margin: 0 }}
          />
        ) : null}
      </div>
      <List
        size="small"
        dataSource={task.weights}
        renderItem={(key) => {
          const person = holder(key.address);
          const mine = key.user_id !== null && key.user_id === props.userId;
          return (
            <List.Item style={{ flexWrap: 'wrap', gap: 4 }} data-testid="tron-key">
              <div style={{ minWidth: 0 }}>
                <Typography.Text>
                  {person ? personName(person) : t('next.unknown')}
                  {mine ? ` · ${t('tron.yourKey')}` : ''}
                </Typography.Text>
                <div>
                  <AddressText address={key.address} />
                </div>
              </div>
              <span style={{ display: 'inline-flex', gap: 4 }}>
                <Tag style={{ marginInlineEnd: 0 }} data-testid="tron-key-weight">
                  {key.weight === null
                    ? t('tron.weightOfUnknown')
                    : t('tron.weightOf', { weight: key.weight })}
                </Tag>
                <SigningStateTag signed={key.signed} status={task.status} />
              </span>
            </List.Item>
          );
        }}
      />
    </div>
  );
}
