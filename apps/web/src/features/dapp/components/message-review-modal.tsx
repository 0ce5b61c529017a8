import { useMemo } from 'react';
import { Alert, Descriptions, Typography } from 'antd';
import { messageHashOf } from '@/lib/dapp-message';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { DappMessageRequest } from '../safe-host';
import { DappRequestModal } from './dapp-request-modal';
import { MESSAGE_PRE } from '@/components/ui/typed-data-body';

const PRE = { ...MESSAGE_PRE, maxHeight: 260 };

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
  const hash = useMemo(
    () =>
      message.kind === 'typed'
        ? messageHashOf({ typed: message.typed_data })
        : messageHashOf({ raw: message.raw, text: message.text }),
    [message],
  );
  const shownText = props.shownText ?? (message.kind === 'personal' ? message.text : undefined);
  return (
    <DappRequestModal
      title={t('message.title')}
      who={t('message.who', { origin: props.origin, wallet: props.wallet.name })}
      walletAddress={props.wallet.address}
      testId="dapp-message-review"
      canConfirm={hash !== null}
      creating={props.creating}
      createError={props.createError}
      onConfirm={props.onConfirm}
      onReject={props.onReject}
    >
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
            {shownText ? (
              <pre style={PRE} data-testid="dapp-message-text">
                {shownText}
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
    </DappRequestModal>
  );
}
