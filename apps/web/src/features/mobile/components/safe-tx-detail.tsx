import { Card, Typography } from 'antd';
import type { EvmTaskInfo } from '@keystead/contract/api/transfer-replies';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { PhoneReview } from '../lib/task-review';
import { Field } from './detail-field';

/**
 * What a Safe transaction does, as the phone shows it: the amount and recipient (or the call and
 * the contract), the chain, the Safe and its nonce — read from the typed data that will be signed.
 */
export function SafeTxSummary(props: {
  task: EvmTaskInfo;
  review: PhoneReview | null;
  label: string | null;
}) {
  const { t } = useLazyTranslation('mobile');
  const { task, review } = props;
  return (
    <>
      <div style={{ textAlign: 'center', margin: '4px 0 12px' }}>
        {review?.kind === 'call' ? (
          <>
            <Typography.Text type="secondary">{t('detail.runs')}</Typography.Text>
            <div
              style={{ fontSize: 22, fontWeight: 650, lineHeight: '30px' }}
              data-testid="mobile-detail-action"
            >
              {props.label ??
                t(`callKind.${review.callKind ?? 'contract_call'}`, {
                  defaultValue: t('callKind.contract_call'),
                })}
            </div>
            {review.amount ? (
              <Typography.Text data-testid="mobile-detail-amount">
                {t('detail.alsoSends', { amount: `${review.amount} ${review.symbol ?? ''}`.trim() })}
              </Typography.Text>
            ) : null}
          </>
        ) : (
          <>
            <Typography.Text type="secondary">{t('detail.sends')}</Typography.Text>
            <div
              style={{ fontSize: 28, fontWeight: 650, lineHeight: '36px' }}
              data-testid="mobile-detail-amount"
            >
              {review?.amount ?? task.amount ?? '—'} {review?.symbol ?? task.symbol ?? ''}
            </div>
            {review?.raw ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('detail.rawAmount')}
              </Typography.Text>
            ) : null}
          </>
        )}
      </div>
      <Field
        label={review?.kind === 'call' ? t('detail.contract') : t('detail.to')}
        testId="mobile-detail-to"
        mono
      >
        {review?.to ?? task.to ?? '—'}
      </Field>
      <Field label={t('detail.chain')}>
        {task.chain_name}
        {review?.chainId !== null && review?.chainId !== undefined ? ` (${review.chainId})` : ''}
      </Field>
      <Field label={t('detail.safe')} mono>
        {review?.safe ?? task.wallet_address ?? '—'}
      </Field>
      <Field label={t('detail.nonce')}>{review?.nonce ?? task.nonce ?? '—'}</Field>
    </>
  );
}

/** The three hashes a hardware wallet shows for the Safe transaction, computed on this phone. */
export function SafeTxHashes({ review }: { review: PhoneReview }) {
  const { t } = useLazyTranslation('mobile');
  return (
    <Card
      size="small"
      title={t('detail.hashes')}
      style={{ marginTop: 12 }}
      data-testid="mobile-detail-hashes"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('detail.hashesHint')}
      </Typography.Paragraph>
      <Field label={t('detail.safeTxHash')} testId="mobile-detail-safe-tx-hash" mono>
        {review.safeTxHash}
      </Field>
      <Field label={t('detail.domainHash')} mono>
        {review.domainHash}
      </Field>
      <Field label={t('detail.messageHash')} mono>
        {review.messageHash}
      </Field>
    </Card>
  );
}
