import { Descriptions, List, Skeleton, Tag, Typography } from 'antd';
import { AddressText } from '@/features/wallet';
import {
  FAMILY_KEY,
  isWeightedFamily,
  personName,
  useChainFamily,
  useSignerWeights,
  useWalletBaseInfo,
} from '@/features/wallet';
import { WizardActions } from './wizard-actions';
import { useLazyTranslation } from '@/lib/use-namespace';

/** Step 3: who approves and who signs this wallet's transfers, with the thresholds. */
export function StepPeople(props: { walletId: number; onBack: () => void; onNext: () => void }) {
  const { t } = useLazyTranslation('transfer');
  const wallet = useWalletBaseInfo(props.walletId);
  // Tron and XRP keys carry weights; the threshold is a weight.
  const family = useChainFamily(wallet.data?.chain_id);
  const weighted = isWeightedFamily(family) ? FAMILY_KEY[family] : null;
  const weights = useSignerWeights(props.walletId, family);
  if (wallet.isPending || !wallet.data) return <Skeleton active />;
  const data = wallet.data;
  return (
    <div data-testid="transfer-people">
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('people.approvalThreshold')}>
          {data.approvers.length
            ? t('people.ofCount', { threshold: data.approval_threshold, count: data.approvers.length })
            : t('people.noApproval')}
        </Descriptions.Item>
        <Descriptions.Item label={t('people.signingThreshold')}>
          {weighted
            ? t(`${weighted}.thresholdWeight`, { threshold: data.threshold, total: weights.total ?? '…' })
            : t('people.ofCount', { threshold: data.threshold, count: data.signers.length })}
        </Descriptions.Item>
        <Descriptions.Item label={t('people.broadcast')}>
          {t(`people.scope.${data.broadcast_scope}`, { defaultValue: String(data.broadcast_scope) })}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('people.approvers')}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={data.approvers}
        locale={{ emptyText: t('people.noApproval') }}
        renderItem={(person) => (
          <List.Item>
            <Typography.Text>{personName(person)}</Typography.Text>
            <Tag>{t('people.approver')}</Tag>
          </List.Item>
        )}
        style={{ marginBottom: 16 }}
      />
      <Typography.Title level={5}>{t('people.signers')}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={data.signers}
        renderItem={(person) => (
          <List.Item style={{ flexWrap: 'wrap', gap: 4 }}>
            <Typography.Text>{personName(person)}</Typography.Text>
            <AddressText address={person.address} />
            {weighted && weights.weightOf(person.address) !== undefined ? (
              <Tag>{t(`${weighted}.weightOf`, { weight: weights.weightOf(person.address) })}</Tag>
            ) : null}
          </List.Item>
        )}
      />
      <WizardActions onBack={props.onBack} onNext={props.onNext} />
    </div>
  );
}
