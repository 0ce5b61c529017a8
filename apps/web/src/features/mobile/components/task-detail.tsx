import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { privateKeyToAccount } from 'viem/accounts';
import type { SignReply, EvmTaskInfo, TaskInfo } from '@keystead/contract/api/transfer-replies';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { signTaskFromPhone } from '../api/mobile-api';
import { useTaskInfo } from '../api/queries';
import type { KeyVault } from '../lib/pin-vault';
import { reviewTask, signableTypedData } from '../lib/task-review';
import { useOnline } from '../lib/use-online';
import { PinModal } from './pin-modal';

const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
} as const;
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

const isEvm = (info: TaskInfo): info is EvmTaskInfo => 'safe_tx' in info;

/**
 * One task as the phone signs it: what the Safe transaction does and its hashes, computed here
 * from the typed data that will be signed (and compared with the server's review: a difference
 * withholds signing). Sign asks for the PIN; the signature is sent with the task's space.
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
  const mine = props.vault.address.toLowerCase();
  const alreadySigned = !!task?.signatures.some((entry) => entry.signer.toLowerCase() === mine);
  const canSign = !!task && !!review && !review.mismatch && task.status === SIGNING && !alreadySigned;

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
      </Card>

      {review ? (
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
      ) : null}

      {/* When it can be signed, the Sign button stays at the foot of the screen while the details scroll. */}
      <div
        style={canSign ? SIGN_BAR : { marginTop: 16 }}
        data-testid={canSign ? 'mobile-sign-bar' : undefined}
      >
        {review?.mismatch ? (
          <Alert
            type="error"
            showIcon
            message={t(review.mismatch === 'hash' ? 'detail.hashMismatch' : 'detail.recipientMismatch')}
            description={t('detail.mismatchHint')}
            data-testid="mobile-detail-mismatch"
          />
        ) : !review ? (
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
          review?.kind === 'call'
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

function Field(props: { label: string; children: ReactNode; mono?: boolean; testId?: string }) {
  return (
    <div style={{ padding: '6px 0', borderTop: '1px solid #f0f0f0' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {props.label}
      </Typography.Text>
      <div style={{ fontSize: 14, ...(props.mono ? MONO : {}) }} data-testid={props.testId}>
        {props.children}
      </div>
    </div>
  );
}
