import { Alert, Button, Card, Divider, Space, Typography } from 'antd';
import { useChains, type WalletDetail } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { broadcastTronTask } from '../../../api/tron-actions';
import { useTaskAction } from '../../../api/task-actions';
import type { TronTaskInfo } from '../../../api/types';
import { TASK_STATUS } from '../../../task-rules';
import { SigningCountdown } from '../../signing-countdown';
import { BroadcastPeople } from '../broadcast-people';
import { TronFeeParts } from './tron-fee-parts';
import { TronSignedWhat } from './tron-signed-what';
import { TronSignForm } from './tron-sign-form';
import { TronSigningKeys } from './tron-signing-keys';

/**
 * Tron signing and sending (§4: signed within 24 h or timed out): what is signed, the time left,
 * each key's weight and signature against the threshold, TronLink or a pasted signature for a
 * signer who has not signed; at 5 the broadcast (the server appends the signatures and relays).
 */
export function TronSignCard(props: {
  task: TronTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  mayBroadcast: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const symbol = useChains().data?.list.find((chain) => chain.chain_id === task.chain_id)?.symbol ?? 'TRX';
  const broadcast = useTaskAction(broadcastTronTask);
  const myKeys = task.weights
    .filter((key) => key.user_id !== null && key.user_id === props.userId && !key.signed)
    .map((key) => key.address);
  const canSign = task.status === TASK_STATUS.pendingSignature && task.tron !== null && myKeys.length > 0;

  return (
    <Card
      size="small"
      title={t('tron.title')}
      extra={<SigningCountdown expiresAt={task.signing_expires_at} status={task.status} />}
      data-testid="tron-sign-card"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {task.status === TASK_STATUS.timeoutCancelled ? (
          <Alert
            type="error"
            showIcon
            message={t('tron.timedOut')}
            description={t('tron.timedOutHint')}
            data-testid="tron-timed-out"
          />
        ) : task.status === TASK_STATUS.pendingApproval ? (
          <Typography.Text type="secondary">{t('tron.windowAfterApproval')}</Typography.Text>
        ) : null}
        {/* Approval restamps the transaction's 24 h window (a new id): what is signed shows from then on. */}
        {task.tron && task.status !== TASK_STATUS.pendingApproval ? <TronSignedWhat task={task} /> : null}
        <TronSigningKeys task={task} wallet={props.wallet} userId={props.userId} />
        {task.status === TASK_STATUS.pendingApproval && task.you.sign ? (
          <Typography.Text type="secondary" data-testid="sign-not-yet">
            {t('next.signAfterApproval')}
          </Typography.Text>
        ) : null}
        {canSign ? <TronSignForm task={task} keys={myKeys} /> : null}
        {task.status === TASK_STATUS.pendingBroadcast ? (
          <div data-testid="tron-broadcast">
            <BroadcastPeople
              walletId={task.wallet_id ?? 0}
              userId={props.userId}
              allowed={props.mayBroadcast}
            />
            {props.mayBroadcast ? (
              <>
                <Typography.Paragraph type="secondary">{t('tron.broadcastHint')}</Typography.Paragraph>
                <Button
                  type="primary"
                  loading={broadcast.isPending}
                  onClick={() =>
                    void broadcast
                      .mutateAsync({ task_id: task.task_id })
                      .then(() => toastSuccess(t('broadcast.done')))
                      .catch(() => undefined)
                  }
                  data-testid="tron-broadcast-submit"
                >
                  {t('broadcast.broadcast')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {task.fee_parts ? (
          <>
            <Divider style={{ margin: '4px 0' }} orientation="left" plain>
              {t('tron.fee.title')}
            </Divider>
            <TronFeeParts parts={task.fee_parts} total={task.fee} symbol={symbol} />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
