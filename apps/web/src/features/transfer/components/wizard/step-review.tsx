import { Alert, Descriptions, Tag, Typography } from 'antd';
import { useFeeEstimate } from '../../api/create-transfer';
import { useSingleFeeEstimate } from '../../api/single-fee-estimate';
import { SolFeeParts } from '../detail/sol/sol-fee-parts';
import { ADDRESS_TAG } from '../../task-rules';
import {
  FAMILY_KEY,
  isWeightedFamily,
  useChainFamily,
  useSignerWeights,
  useWallets,
  useWalletBaseInfo,
} from '@/features/wallet';
import { useSelectedSpaceId } from '@/lib/space';
import { HexText, TokenAmount } from '../transfer-bits';
import type { TransferDraft } from './draft';
import { labelName } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';
import { WizardActions } from './wizard-actions';

/** Step 4: everything once more, then create. */
export function StepReview(props: {
  draft: TransferDraft;
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const { draft } = props;
  const wallets = useWallets(useSelectedSpaceId());
  const people = useWalletBaseInfo(draft.walletId);
  const family = useChainFamily(people.data?.chain_id);
  // Tron and XRP: weighted keys, and a fee without tiers (the family's key names its texts).
  const weighted = isWeightedFamily(family) ? FAMILY_KEY[family] : null;
  const tag = family === 'XRP' && draft.destinationTag !== '' ? Number(draft.destinationTag) : undefined;
  // Gwei tiers are EVM's; a Tron or XRP transfer is priced by its own estimate.
  const fee = useFeeEstimate(family === 'EVM' ? draft.walletId : 0);
  // Tron, XRP and Solana are priced by one estimate (Solana's paid by the space's fee payer).
  const flatFee = useSingleFeeEstimate(
    weighted || family === 'SOL'
      ? {
          walletId: draft.walletId,
          to: draft.to,
          amount: draft.amount,
          token: draft.token,
          destinationTag: tag,
        }
      : null,
  );
  const wallet = wallets.data?.list.find((item) => item.wallet_id === draft.walletId);
  const gwei = draft.feeTier === 'custom' ? draft.customFeeGwei : fee.data?.tiers[draft.feeTier].max_fee_gwei;
  const weights = useSignerWeights(draft.walletId, family);
  return (
    <div data-testid="transfer-review">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('fields.wallet')}>{wallet?.name ?? draft.walletId}</Descriptions.Item>
        <Descriptions.Item label={t('fields.to')}>
          <HexText value={draft.to} testId="review-to" />
          <div>
            {draft.tags.map((tag) => (
              <Tag key={tag} color={tag === ADDRESS_TAG.similar ? 'red' : undefined} style={{ marginTop: 4 }}>
                {t(`tags.${tag}`, { defaultValue: String(tag) })}
              </Tag>
            ))}
          </div>
        </Descriptions.Item>
        {family === 'XRP' ? (
          <Descriptions.Item label={t('xrp.destinationTag')}>
            <span data-testid="review-destination-tag">{tag ?? t('xrp.noTag')}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('fields.amount')}>
          <Typography.Text strong>
            <TokenAmount amount={draft.amount} symbol={draft.symbol} testId="review-amount" />
          </Typography.Text>
          {draft.maxMode ? <Tag style={{ marginInlineStart: 8 }}>{t('wizard.max')}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.fee')}>
          {family === 'SOL' ? (
            <span data-testid="review-fee">
              {flatFee.data
                ? t('sol.feePaidBy', { fee: flatFee.data.tiers.standard.fee, symbol: flatFee.data.symbol })
                : flatFee.isError
                  ? t('feeQuote.failed')
                  : t('sol.feeReview')}
              {flatFee.data ? <SolFeeParts parts={flatFee.data.parts} symbol={flatFee.data.symbol} /> : null}
            </span>
          ) : weighted ? (
            <span data-testid="review-fee">
              {flatFee.data
                ? t(`${weighted}.feeReview`, {
                    fee: flatFee.data.tiers.standard.fee,
                    symbol: flatFee.data.symbol,
                  })
                : flatFee.isError
                  ? t('feeQuote.failed')
                  : '…'}
            </span>
          ) : (
            <>
              {t(`fee.${draft.feeTier}`)}
              {gwei ? ` · ${t('fee.gwei', { value: gwei })}` : ''}
            </>
          )}
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
            ? weighted
              ? t(`${weighted}.thresholdWeight`, {
                  threshold: people.data.threshold,
                  total: weights.total ?? '…',
                })
              : t('people.ofCount', { threshold: people.data.threshold, count: people.data.signers.length })
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
