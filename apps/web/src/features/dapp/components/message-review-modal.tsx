import { useMemo } from 'react';
import { Alert, Button, Descriptions, Modal, Space as Stack, Typography } from 'antd';
import { hashMessage, hashTypedData, type TypedDataDefinition } from 'viem';
import { isApiError } from '@/lib/api-client';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { DappMessageRequest } from '../safe-host';

const PRE = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  margin: 0,
  maxHeight: 260,
  overflow: 'auto',
} as const;

/** The hash the Dapp will check (EIP-191 of the text or bytes, EIP-712 of typed data), or null when unreadable. */
function dappHash(message: DappMessageRequest): string | null {
  try {
    if (message.kind === 'typed') return hashTypedData(message.typed_data as unknown as TypedDataDefinition);
    if (message.raw) return hashMessage({ raw: message.raw as `0x${string}` });
    return message.text ? hashMessage(message.text) : null;
  } catch {
    return null;
  }
}

/**
 * A Dapp's message, before anything is created: who asks, for which Safe, the message itself (text,
 * raw bytes, or typed data's type, domain and fields) and the hash the Dapp will check. Confirm
 * creates the message task; once enough owners sign it the Dapp gets the Safe's signature.
 */
export function MessageReviewModal(props: {
  origin: string;
  message: DappMessageRequest;
  /** What the Dapp sent as text (personal_sign bytes decoded), where it differs from the message. */
  shownText?: string | null;
  wallet: { name: string; address: string };
  creating: boolean;
  createError: unknown;
  onConfirm: () => void;
  onReject: () => void;
}) {
  const { t } = useLazyTranslation('dapp');
  const { message } = props;
  const hash = useMemo(() => dappHash(message), [message]);
  return (
    <Modal
      open
      width={720}
      title={t('message.title')}
      maskClosable={false}
      onCancel={props.onReject}
      footer={[
        <Button key="reject" onClick={props.onReject} disabled={props.creating} data-testid="dapp-reject">
          {t('review.reject')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          onClick={props.onConfirm}
          loading={props.creating}
          disabled={hash === null}
          data-testid="dapp-confirm"
        >
          {t('review.confirm')}
        </Button>,
      ]}
    >
      <Stack direction="vertical" size={12} style={{ width: '100%' }} data-testid="dapp-message-review">
        <Alert
          type="info"
          showIcon
          data-testid="dapp-review-who"
          message={t('message.who', { origin: props.origin, wallet: props.wallet.name })}
          description={
            <Typography.Text code copyable>
              {props.wallet.address}
            </Typography.Text>
          }
        />
        <Descriptions size="small" bordered column={1}>
          <Descriptions.Item label={t('message.kind')}>
            {t(message.kind === 'typed' ? 'message.typed' : 'message.personal')}
          </Descriptions.Item>
          {message.kind === 'typed' ? (
            <>
              <Descriptions.Item label={t('message.primaryType')}>
                <strong>{String(message.typed_data.primaryType)}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('message.domain')}>
                <pre style={PRE}>{JSON.stringify(message.typed_data.domain, null, 2)}</pre>
              </Descriptions.Item>
              <Descriptions.Item label={t('message.fields')}>
                <pre style={PRE} data-testid="dapp-message-fields">
                  {JSON.stringify(message.typed_data.message, null, 2)}
                </pre>
              </Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item label={t('message.text')}>
              {(props.shownText ?? message.text) !== undefined &&
              (props.shownText ?? message.text) !== null ? (
                <pre style={PRE} data-testid="dapp-message-text">
                  {props.shownText ?? message.text}
                </pre>
              ) : null}
              {message.raw ? <Typography.Text code>{message.raw}</Typography.Text> : null}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('message.hash')}>
            <Typography.Text code copyable data-testid="dapp-message-hash">
              {hash ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        {hash === null ? <Alert type="error" showIcon message={t('message.unreadable')} /> : null}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('message.what')}
        </Typography.Paragraph>
        {props.createError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="dapp-create-error"
            message={t('review.createError')}
            description={isApiError(props.createError) ? props.createError.message : undefined}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
