import { Card, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { EvmTaskInfo } from '@keystead/contract/api/transfer-replies';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { PhoneMessageReview } from '../lib/task-review';
import { Field, MONO } from './detail-field';
import { MESSAGE_PRE, TypedDataBody } from '@/components/ui/typed-data-body';

/** The phone's message text: a tinted box, shorter than the desktop's. */
const PHONE_PRE = {
  ...MESSAGE_PRE,
  maxHeight: 220,
  fontSize: 13,
  background: '#f7f8fa',
  padding: 8,
  borderRadius: 6,
} as const;

/** "Sign a message for Login" / "Sign typed data (EIP-712) for Login": how the list and the detail name it. */
export const messageLine = (
  message: { dapp_name: string; kind: 'personal' | 'typed' },
  t: TFunction<'mobile'>,
): string => t(message.kind === 'typed' ? 'message.typedLine' : 'message.line', { dapp: message.dapp_name });

/**
 * A Dapp's message as the phone shows it before its owner signs: who asks, the message itself
 * (text; raw bytes as hex with their text when printable; typed data's type, domain and fields),
 * the chain and the Safe whose SafeMessage is signed — all read from what will be signed.
 */
export function MessageSummary({ task, review }: { task: EvmTaskInfo; review: PhoneMessageReview }) {
  const { t } = useLazyTranslation('mobile');
  const dapp = task.dapp?.action === 'message' ? task.dapp : null;
  const kind = dapp?.kind ?? (review.typed ? 'typed' : 'personal');
  return (
    <>
      <div style={{ textAlign: 'center', margin: '4px 0 12px' }}>
        <div style={{ fontSize: 20, fontWeight: 650, lineHeight: '28px' }} data-testid="mobile-detail-action">
          {messageLine({ dapp_name: dapp?.name ?? '—', kind }, t)}
        </div>
        {dapp ? (
          <Typography.Text
            type="secondary"
            style={{ wordBreak: 'break-all' }}
            data-testid="mobile-detail-dapp"
          >
            {t('message.askedBy', { url: dapp.url })}
          </Typography.Text>
        ) : null}
      </div>
      <Field label={t('message.message')}>
        {review.typed ? (
          <TypedDataBody
            typed={review.typed}
            labels={{
              primaryType: t('message.primaryType'),
              domain: t('message.domain'),
              fields: t('message.fields'),
            }}
            pre={PHONE_PRE}
            testId="mobile-message-typed"
          />
        ) : (
          <>
            {review.text !== null ? (
              <pre style={PHONE_PRE} data-testid="mobile-message-text">
                {review.text}
              </pre>
            ) : null}
            {review.raw ? (
              <div style={{ marginTop: review.text !== null ? 6 : 0 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('message.rawBytes')}
                </Typography.Text>
                <div style={{ ...MONO, fontSize: 13 }} data-testid="mobile-message-raw">
                  {review.raw}
                </div>
              </div>
            ) : null}
          </>
        )}
      </Field>
      <Field label={t('detail.chain')}>
        {task.chain_name}
        {review.chainId !== null ? ` (${review.chainId})` : ''}
      </Field>
      <Field label={t('message.safe')} mono>
        {review.safe ?? '—'}
      </Field>
    </>
  );
}

/** The hash the Dapp checks and the SafeMessage hashes this phone's key signs (computed here). */
export function MessageHashes({ review }: { review: PhoneMessageReview }) {
  const { t } = useLazyTranslation('mobile');
  return (
    <Card
      size="small"
      title={t('detail.hashes')}
      style={{ marginTop: 12 }}
      data-testid="mobile-detail-hashes"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('message.hashesHint')}
      </Typography.Paragraph>
      <Field label={t('message.dappHash')} testId="mobile-message-dapp-hash" mono>
        {review.dappHash}
      </Field>
      <Field label={t('message.safeMessageHash')} testId="mobile-message-safe-hash" mono>
        {review.safeMessageHash}
      </Field>
      <Field label={t('detail.domainHash')} mono>
        {review.domainHash}
      </Field>
      <Field label={t('message.structHash')} testId="mobile-message-struct-hash" mono>
        {review.structHash}
      </Field>
    </Card>
  );
}
