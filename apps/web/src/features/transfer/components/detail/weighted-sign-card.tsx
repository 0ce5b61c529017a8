import type { ReactNode } from 'react';
import { Alert, Button, Card, Divider, Space, Typography } from 'antd';
import { FAMILY_KEY, type WalletDetail, type WeightedFamily } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { sendBroadcast, useTaskAction } from '../../api/task-actions';
import type { TronTaskInfo, XrpTaskInfo } from '../../api/types';
import { TASK_STATUS } from '../../task-rules';
import { SigningCountdown } from '../signing-countdown';
import { BroadcastPeople } from './broadcast-people';
import { WeightedSigningKeys } from './weighted-signing-keys';

/**
 * Signing and sending a weighted-key transfer (Tron, XRP): the time left in its signing window
 * (Tron's 24 h; XRP's ledger window, LastLedgerSequence), what is signed (`signedWhat`, once
 * approval has stamped the transaction), each key's weight and signature against the threshold,
 * the family's `signForm` for a signer who has not signed; at 5 the broadcast (the server adds the
 * signatures and submits). `fee` is the family's fee breakdown, if it has one.
 */
export function WeightedSignCard(props: {
  family: WeightedFamily;
  task: TronTaskInfo | XrpTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  mayBroadcast: boolean;
  signedWhat: ReactNode;
  signForm: (keys: string[]) => ReactNode;
  keyExtra?: (address: string) => ReactNode;
  fee?: ReactNode;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const key = FAMILY_KEY[props.family];
  const broadcast = useTaskAction(sendBroadcast);
  const myKeys = task.weights
    .filter((entry) => entry.user_id !== null && entry.user_id === props.userId && !entry.signed)
    .map((entry) => entry.address);
  // No transaction to sign yet (signedWhat null) is no form, whoever holds a key.
  const canSign =
    task.status === TASK_STATUS.pendingSignature && props.signedWhat !== null && myKeys.length > 0;

  return (
    <Card
      size="small"
      title={t(`${key}.title`)}
      extra={<SigningCountdown expiresAt={task.signing_expires_at} status={task.status} />}
      data-testid={`${key}-sign-card`}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {task.status === TASK_STATUS.timeoutCancelled ? (
          <Alert
            type="error"
            showIcon
            message={t(`${key}.timedOut`)}
            description={t(`${key}.timedOutHint`)}
            data-testid={`${key}-timed-out`}
          />
        ) : task.status === TASK_STATUS.pendingApproval ? (
          <Typography.Text type="secondary">{t(`${key}.windowAfterApproval`)}</Typography.Text>
        ) : null}
        {/* Approval restamps the transaction's window: what is signed shows from then on. */}
        {task.status !== TASK_STATUS.pendingApproval ? props.signedWhat : null}
        <WeightedSigningKeys
          family={props.family}
          task={task}
          wallet={props.wallet}
          userId={props.userId}
          keyExtra={props.keyExtra}
        />
        {task.status === TASK_STATUS.pendingApproval && task.you.sign ? (
          <Typography.Text type="secondary" data-testid="sign-not-yet">
            {t('next.signAfterApproval')}
          </Typography.Text>
        ) : null}
        {canSign ? props.signForm(myKeys) : null}
        {task.status === TASK_STATUS.pendingBroadcast ? (
          <div data-testid={`${key}-broadcast`}>
            <BroadcastPeople
              walletId={task.wallet_id ?? 0}
              userId={props.userId}
              allowed={props.mayBroadcast}
            />
            {props.mayBroadcast ? (
              <>
                <Typography.Paragraph type="secondary">{t(`${key}.broadcastHint`)}</Typography.Paragraph>
                <Button
                  type="primary"
                  loading={broadcast.isPending}
                  onClick={() =>
                    void broadcast
                      .mutateAsync({ task_id: task.task_id })
                      .then(() => toastSuccess(t('broadcast.done')))
                      .catch(() => undefined)
                  }
                  data-testid={`${key}-broadcast-submit`}
                >
                  {t('broadcast.broadcast')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {props.fee ? (
          <>
            <Divider style={{ margin: '4px 0' }} orientation="left" plain>
              {t(`${key}.fee.title`)}
            </Divider>
            {props.fee}
          </>
        ) : null}
      </Space>
    </Card>
  );
}
