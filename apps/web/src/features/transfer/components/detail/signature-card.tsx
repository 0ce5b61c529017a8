import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, List, Typography } from 'antd';
import { ConnectSigner, AddressText, type SignerConnection } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { showWalletError, type TypedDataRequest } from '@/lib/wallet-connectors';
import { signTask, useTaskAction } from '../../api/task-actions';
import type { EvmTaskInfo } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';
import { personName, type WalletDetail } from '@/features/wallet';
import { hashesAgree } from '@/lib/hash-check';
import { SafeTxReview } from './safe-tx-review';
import { SafeMessageReview } from './safe-message-review';
import { messageHashesAgree } from '@/lib/safe-message-check';
import { SigningStateTag } from './signing-state-tag';
import { OpenOnPhone } from './open-on-phone';
import { useSelectedSpaceId } from '@/lib/space';

/** Signature card: who signed; a signer who has not signed connects the signing wallet and signs the EIP-712 Safe transaction. */
export function SignatureCard(props: {
  task: EvmTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  /** The approval card already shows the decoded call (the caller approves now). */
  reviewShownAbove?: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task, wallet } = props;
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [signing, setSigning] = useState(false);
  const sign = useTaskAction(signTask);
  const spaceId = useSelectedSpaceId();
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);
  const signed = new Set(task.signatures.map((entry) => entry.signer.toLowerCase()));
  const signers = wallet?.signers ?? [];
  const mine = signers.filter(
    (person) => person.user_id === props.userId && !signed.has(person.address.toLowerCase()),
  );
  const hashesMatch = useHashesAgree(task);
  const canSign = task.status === 3 && mine.length > 0 && task.typed_data !== null && hashesMatch;

  const submit = async () => {
    if (!connection || !task.typed_data) return;
    setSigning(true);
    try {
      const signature = await connection.connector.signTypedData(
        connection.account,
        task.typed_data as unknown as TypedDataRequest,
      );
      await sign.mutateAsync({ task_id: task.task_id, signature, kind: 'eip712' });
      toastSuccess(t('signature.done'));
    } catch (error) {
      void showWalletError(error);
    } finally {
      setSigning(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('signature.title')}
      extra={
        <Typography.Text type="secondary">
          {t('signature.progress', {
            signed: task.signatures.length,
            threshold: task.signing_threshold ?? 0,
          })}
        </Typography.Text>
      }
      data-testid="signature-card"
    >
      <List
        size="small"
        dataSource={signers}
        renderItem={(person) => (
          <List.Item style={{ flexWrap: 'wrap', gap: 4 }}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text>{personName(person)}</Typography.Text>
              <div>
                <AddressText address={person.address} />
              </div>
            </div>
            <SigningStateTag signed={signed.has(person.address.toLowerCase())} status={task.status} />
          </List.Item>
        )}
      />
      {task.status === 0 && task.you.sign ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="sign-not-yet">
          {t('next.signAfterApproval')}
        </Typography.Paragraph>
      ) : null}
      {[0, 3].includes(task.status) && !props.reviewShownAbove ? (
        <>
          <SafeTxReview task={task} title={canSign ? t('review.signTitle') : t('review.title')} />
          <SafeMessageReview task={task} title={canSign ? t('review.signTitle') : t('review.messageTitle')} />
        </>
      ) : null}
      {!hashesMatch ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t('review.hashMismatch')}
          data-testid="sign-hash-mismatch"
        />
      ) : null}
      {canSign ? (
        <div style={{ marginTop: 12 }} data-testid="sign-form">
          <Typography.Paragraph type="secondary">
            {t(task.safe_message ? 'signature.messageHint' : 'signature.hint')}
          </Typography.Paragraph>
          <ConnectSigner
            chainId={Number(task.chain_id)}
            chainKey={task.chain_id ?? undefined}
            expected={mine.map((person) => person.address)}
            onChange={onChange}
          />
          <Button
            type="primary"
            style={{ marginTop: 12 }}
            disabled={!connection}
            loading={signing}
            onClick={() => void submit()}
            data-testid="sign-submit"
          >
            {t('signature.sign')}
          </Button>
          {/* The phone shows and signs a Safe transaction or a Dapp's message (SafeMessage) alike. */}
          {spaceId ? <OpenOnPhone organizationId={Number(spaceId)} taskId={task.task_id} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

/** See hashesAgree / messageHashesAgree: recomputed only when the task's typed data or review change. */
function useHashesAgree(task: EvmTaskInfo): boolean {
  const { safe_tx: view, safe_message: message } = task;
  const data = task.typed_data as unknown as TypedDataRequest | null;
  return useMemo(() => {
    if (!data) return true;
    if (message) return messageHashesAgree(data, message);
    return !view || hashesAgree(data, view);
  }, [view, message, data]);
}
