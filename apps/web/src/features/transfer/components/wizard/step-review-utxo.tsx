import { Alert, Descriptions, Grid, Table, Tag, Typography } from 'antd';
import { useSelectedSpaceId } from '@/lib/space';
import { ADDRESS_TAG } from '../../task-rules';
import { useWallets, useWalletBaseInfo } from '@/features/wallet';
import { HexText, TokenAmount } from '../transfer-bits';
import type { TransferDraft } from './draft';
import { draftTotal } from './step-info-utxo';
import { useDraftFeeRate } from './utxo-fee-picker';
import { WizardActions } from './wizard-actions';
import { labelName } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/** Step 4 for Bitcoin-family wallets: the outputs, the coins, the fee rate, then create. */
export function StepReviewUtxo(props: {
  draft: TransferDraft;
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const { draft } = props;
  const screens = Grid.useBreakpoint();
  const wallets = useWallets(useSelectedSpaceId());
  const people = useWalletBaseInfo(draft.walletId);
  const rate = useDraftFeeRate(draft.walletId, draft.feeTier, draft.customFeeRate);
  const wallet = wallets.data?.list.find((item) => item.wallet_id === draft.walletId);
  const outputs = [{ to: draft.to, amount: draft.amount }, ...draft.outputs];
  return (
    <div data-testid="transfer-review">
      <Descriptions column={1} bordered size="small" layout={screens.md ? 'horizontal' : 'vertical'}>
        <Descriptions.Item label={t('fields.wallet')}>{wallet?.name ?? draft.walletId}</Descriptions.Item>
        <Descriptions.Item label={t('utxo.outputs')}>
          <Table
            size="small"
            pagination={false}
            rowKey={(_row, index) => String(index)}
            dataSource={outputs}
            data-testid="review-outputs"
            columns={[
              {
                key: 'to',
                title: t('fields.to'),
                render: (_value, row, index) => (
                  <HexText value={row.to} testId={index === 0 ? 'review-to' : `review-to-${index}`} />
                ),
              },
              {
                key: 'amount',
                title: t('fields.amount'),
                align: 'right',
                render: (_value, row, index) => (
                  <TokenAmount
                    amount={row.amount}
                    symbol={draft.symbol}
                    testId={index === 0 ? 'review-amount' : `review-amount-${index}`}
                  />
                ),
              },
            ]}
          />
          <div>
            {draft.tags.map((tag) => (
              <Tag key={tag} color={tag === ADDRESS_TAG.similar ? 'red' : undefined} style={{ marginTop: 4 }}>
                {t(`tags.${tag}`, { defaultValue: String(tag) })}
              </Tag>
            ))}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('utxo.totalLabel')}>
          <Typography.Text strong>
            <TokenAmount amount={draftTotal(draft)} symbol={draft.symbol} testId="review-total" />
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {t('utxo.plusFee')}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('utxo.coinChoice')}>
          {draft.utxos.length ? (
            <div data-testid="review-utxos">
              {draft.utxos.map((outpoint) => (
                <div key={outpoint} style={{ ...MONO, wordBreak: 'break-all' }}>
                  {outpoint}
                </div>
              ))}
            </div>
          ) : (
            t('utxo.automatic')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.fee')}>
          <span data-testid="review-fee-rate">
            {t(`fee.${draft.feeTier}`)}
            {rate ? ` · ${t('fee.satVb', { value: rate })}` : ''}
          </span>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('utxo.feeAtCreation')}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('people.approvalThreshold')}>
          {people.data?.approvers.length
            ? t('people.ofCount', {
                threshold: people.data.approval_threshold,
                count: people.data.approvers.length,
              })
            : t('people.noApproval')}
        </Descriptions.Item>
        <Descriptions.Item label={t('people.signingThreshold')}>
          {people.data
            ? t('people.ofCount', { threshold: people.data.threshold, count: people.data.signers.length })
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.fundPurpose')}>
          <span data-testid="review-fund-purpose">
            {draft.fundPurpose ? labelName(draft.fundPurpose, t) : '—'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')}>{draft.remark || '—'}</Descriptions.Item>
      </Descriptions>
      {draft.acknowledgeSimilar ? (
        <Alert style={{ marginTop: 12 }} type="error" showIcon message={t('wizard.similarAccepted')} />
      ) : null}
      <WizardActions
        onBack={props.onBack}
        onNext={props.onCreate}
        loading={props.creating}
        nextText={t('wizard.create')}
        testId="transfer-create"
      />
    </div>
  );
}
