import { Descriptions, Typography } from 'antd';
import type { EvmTaskInfo } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';
import { HexText } from '../transfer-bits';
import { rawAsText } from '@/lib/dapp-message';
import { MESSAGE_PRE, TypedDataBody } from '@/components/ui/typed-data-body';

/**
 * What a signer or approver of a Dapp's message reviews, from the server's reading of the stored
 * message: the message itself, the Safe and chain, the hash the Dapp will check, and the three
 * hashes a hardware wallet shows for the SafeMessage each owner signs.
 */
export function SafeMessageReview({ task, title }: { task: EvmTaskInfo; title: string }) {
  const { t } = useLazyTranslation('transfer');
  const view = task.safe_message;
  if (!view) return null;
  const text = view.text ?? rawAsText(view.raw);
  return (
    <div style={{ marginTop: 12 }} data-testid="safe-message-review">
      <Typography.Text strong>{title}</Typography.Text>
      <Descriptions column={1} bordered size="small" style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('review.chain')}>
          {task.chain_name} ({view.chain_id})
        </Descriptions.Item>
        <Descriptions.Item label={t('review.safe')}>
          <HexText value={view.safe_address} testId="review-safe" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.messageKind')}>
          {t(view.kind === 'typed' ? 'review.kindTyped' : 'review.kindPersonal')}
        </Descriptions.Item>
        <Descriptions.Item label={t('review.message')}>
          {view.typed_data ? (
            <TypedDataBody
              typed={
                JSON.parse(view.typed_data) as { primaryType: string; domain: unknown; message: unknown }
              }
              labels={{
                primaryType: t('review.primaryType'),
                domain: t('review.domain'),
                fields: t('review.fields'),
              }}
              testId="review-typed-message"
            />
          ) : (
            <>
              {text !== null ? (
                <pre style={MESSAGE_PRE} data-testid="review-message-text">
                  {text}
                </pre>
              ) : null}
              {view.raw ? (
                <div style={{ marginTop: text !== null ? 6 : 0 }}>
                  <Typography.Text type="secondary">{t('review.rawBytes')}: </Typography.Text>
                  <HexText value={view.raw} testId="review-message-raw" />
                </div>
              ) : null}
            </>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('review.dappHash')}>
          <HexText value={view.message_hash} testId="review-dapp-hash" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.safeMessageHash')}>
          <HexText value={view.safe_message_hash} testId="review-safe-message-hash" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.domainHash')}>
          <HexText value={view.domain_hash} testId="review-domain-hash" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.structHash')}>
          <HexText value={view.struct_hash} testId="review-message-hash" />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 6, marginBottom: 0 }}>
        {t('review.compareMessage')}
      </Typography.Paragraph>
    </div>
  );
}
