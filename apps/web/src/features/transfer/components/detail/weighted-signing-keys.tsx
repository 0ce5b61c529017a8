import type { ReactNode } from 'react';
import { List, Progress, Tag, Typography } from 'antd';
import {
  AddressText,
  FAMILY_KEY,
  personName,
  type WalletDetail,
  type WeightedFamily,
} from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TronTaskInfo, XrpTaskInfo } from '../../api/types';
import { SigningStateTag } from './signing-state-tag';

/**
 * Each key of the wallet (Tron's active permission, XRP's signer list): who holds it, its weight
 * on chain now, whether it signed, and `keyExtra` (XRP: the bytes that key signs); and the weight
 * reached against the threshold. A weight the chain could not give is said as unknown, never as 0.
 */
export function WeightedSigningKeys(props: {
  family: WeightedFamily;
  task: TronTaskInfo | XrpTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  keyExtra?: ((address: string) => ReactNode) | undefined;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const key = FAMILY_KEY[props.family];
  const threshold = task.signing_threshold ?? 0;
  const reached = task.signed_weight;
  const holder = (address: string) => props.wallet?.signers.find((signer) => signer.address === address);
  return (
    <div data-testid={`${key}-signing-keys`}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Typography.Text strong data-testid={`${key}-weight-reached`}>
          {reached === null
            ? t(`${key}.weightUnknown`, { threshold })
            : t(`${key}.weightReached`, { weight: reached, threshold })}
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
        renderItem={(entry) => {
          const person = holder(entry.address);
          const mine = entry.user_id !== null && entry.user_id === props.userId;
          return (
            <List.Item style={{ flexWrap: 'wrap', gap: 4 }} data-testid={`${key}-key`}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text>
                  {person ? personName(person) : t('next.unknown')}
                  {mine ? ` · ${t(`${key}.yourKey`)}` : ''}
                </Typography.Text>
                <div>
                  <AddressText address={entry.address} />
                </div>
                {props.keyExtra?.(entry.address)}
              </div>
              <span style={{ display: 'inline-flex', gap: 4 }}>
                <Tag style={{ marginInlineEnd: 0 }} data-testid={`${key}-key-weight`}>
                  {entry.weight === null
                    ? t(`${key}.weightOfUnknown`)
                    : t(`${key}.weightOf`, { weight: entry.weight })}
                </Tag>
                <SigningStateTag signed={entry.signed} status={task.status} />
              </span>
            </List.Item>
          );
        }}
      />
    </div>
  );
}
