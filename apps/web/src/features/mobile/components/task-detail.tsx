import { useMemo, useState } from 'react';
import { Alert, Button, Card, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { privateKeyToAccount } from 'viem/accounts';
import type { SignReply, EvmTaskInfo, TaskInfo } from '@keystead/contract/api/transfer-replies';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { signTaskFromPhone } from '../api/mobile-api';
import { useTaskInfo } from '../api/queries';
import type { KeyVault } from '../lib/pin-vault';
import { reviewMessage, reviewTask, signableTypedData } from '../lib/task-review';
import { useOnline } from '../lib/use-online';
import { MessageHashes, MessageSummary } from './message-detail';
import { SafeTxHashes, SafeTxSummary } from './safe-tx-detail';
import { PinModal } from './pin-modal';

const SIGN_BAR = {
  position: 'sticky',
  bottom: 0,
  margin: '16px -16px -32px',
  padding: '12px 16px max(16px, env(safe-area-inset-bottom))',
  background: '#f4f6fb',
  borderTop: '1px solid #e3e7f0',
} as const;
/** §4 task status: signatures are collected in status 3. */
const SIGNING = 3;

/** Why the phone will not sign: the Safe transaction's hashes or recipient, or the message, differ from the review. */
const MISMATCH = {
  hash: 'detail.hashMismatch',
  recipient: 'detail.recipientMismatch',
  message: 'message.mismatch',
} as const;

const isEvm = (info: TaskInfo): info is EvmTaskInfo => 'safe_tx' in info;

/**
 * One task as the phone signs it: what the Safe transaction does, or the Dapp's message, and the
 * hashes, computed here from the typed data that will be signed (and compared with the server's
 * review: a difference withholds signing). Sign asks for the PIN; the signature is sent with the
 * task's space.
 */
export function TaskDetail(props: {
  organizationId: number;
  taskId: number;
  spaceName: string | null;
  /** What the task list said it does (a wallet action), if known. */
  label: string | null;
  vault: KeyVault;
  onBack: () => void;
  onSigned: (reply: SignReply) => void;
}) {
  const { t } = useLazyTranslation('mobile');
  const online = useOnline();
  const info = useTaskInfo(props.organizationId, props.taskId);
  const [signing, setSigning] = useState(false);
  const task = info.data && isEvm(info.data) ? info.data : null;
  const review = useMemo(() => (task ? reviewTask(task) : null), [task]);
  const message = useMemo(() => (task ? reviewMessage(task) : null), [task]);
  const mismatch = review?.mismatch ?? (message?.mismatch ? ('message' as const) : null);
  const mine = props.vault.address.toLowerCase();
  const alreadySigned = !!task?.signatures.some((entry) => entry.signer.toLowerCase() === mine);
  const canSign = !!task && (!!review || !!message) && !mismatch && task.status === SIGNING && !alreadySigned;

  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={props.onBack}
      style={{ paddingInline: 0, height: 44, marginBottom: 4 }}
      data-testid="mobile-task-back"
    >
      {t('detail.back')}
    </Button>
  );

  if (info.isPending)
    return (
      <div data-testid="mobile-task-detail">
        {back}
        <Skeleton active />
      </div>
    );
  if (info.isError)
    return (
      <div data-testid="mobile-task-detail">
        {back}
        <QueryError
          title={t('detail.failed')}
          error={info.error}
          onRetry={() => info.refetch()}
          retrying={info.isFetching}
        />
      </div>
    );
  if (!task)
    return (
      <div data-testid="mobile-task-detail">
        {back}
        <Alert type="info" showIcon message={t('detail.notEvm')} />
      </div>
    );

  return (
    <div data-testid="mobile-task-detail">
      {back}
      <Card
        size="small"
        title={
          <span style={{ whiteSpace: 'normal' }}>
            {props.spaceName ? `${props.spaceName} · ` : ''}
            {task.wallet_name}
          </span>
        }
        extra={
          <Tag color="processing" data-testid="mobile-detail-progress">
            {t('tasks.progress', {
              signed: task.progress.signed,
              threshold: task.progress.signing_threshold ?? 0,
            })}
          </Tag>
        }
      >
        {message ? (
          <MessageSummary task={task} review={message} />
        ) : (
          <SafeTxSummary task={task} review={review} label={props.label} />
        )}
      </Card>
      {message ? <MessageHashes review={message} /> : review ? <SafeTxHashes review={review} /> : null}

      {/* When it can be signed, the Sign button stays at the foot of the screen while the details scroll. */}
      <div
        style={canSign ? SIGN_BAR : { marginTop: 16 }}
        data-testid={canSign ? 'mobile-sign-bar' : undefined}
      >
        {mismatch ? (
          <Alert
            type="error"
            showIcon
            message={t(MISMATCH[mismatch])}
            description={t('detail.mismatchHint')}
            data-testid="mobile-detail-mismatch"
          />
        ) : !review && !message ? (
          <Alert type="warning" showIcon message={t('detail.nothingToSign')} />
        ) : alreadySigned ? (
          <Alert
            type="success"
            showIcon
            message={t('detail.alreadySigned')}
            data-testid="mobile-detail-signed"
          />
        ) : task.status !== SIGNING ? (
          <Alert type="info" showIcon message={t('detail.notSigning')} />
        ) : null}
        {canSign ? (
          <>
            {!online ? (
              <Alert
                type="warning"
                showIcon
                message={t('detail.offline')}
                style={{ marginBottom: 12 }}
                data-testid="mobile-detail-offline"
              />
            ) : null}
            <Button
              type="primary"
              size="large"
              block
              style={{ height: 52, fontSize: 17 }}
              disabled={!online}
              onClick={() => setSigning(true)}
              data-testid="mobile-sign"
            >
              {t('detail.sign')}
            </Button>
          </>
        ) : null}
      </div>
      <PinModal
        vault={props.vault}
        open={signing}
        title={t('detail.signTitle')}
        description={
          message
            ? t('message.signHint', { dapp: task.dapp?.action === 'message' ? task.dapp.name : '' })
            : review?.kind === 'call'
              ? t('detail.signCallHint', { to: review.to ?? '' })
              : t('detail.signHint', {
                  amount: `${review?.amount ?? ''} ${review?.symbol ?? ''}`.trim(),
                  to: review?.to ?? '',
                })
        }
        confirm={t('detail.sign')}
        onCancel={() => setSigning(false)}
        action={async (privateKey) => {
          const account = privateKeyToAccount(privateKey);
          const signature = await account.signTypedData(signableTypedData(task) as never);
          const reply = await signTaskFromPhone(props.organizationId, { task_id: task.task_id, signature });
          setSigning(false);
          props.onSigned(reply);
        }}
      />
    </div>
  );
}
