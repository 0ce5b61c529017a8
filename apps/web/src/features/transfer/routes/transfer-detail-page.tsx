import { useParams, Link } from 'react-router';
import { Button, Card, Col, Grid, Result, Row, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { isApiError } from '@/lib/api-client';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useStoredUser } from '@/lib/session';
import { useTaskInfo } from '../api/transfer-queries';
import { isEvmTask, isTronTask, isUtxoTask, isXrpTask } from '../task-rules';
import { useChainFamily, useWalletBaseInfo } from '@/features/wallet';
import { ApprovalCard } from '../components/detail/approval-card';
import { BroadcastCard, mayBroadcast } from '../components/detail/broadcast-card';
import { PsbtCard } from '../components/detail/psbt-card';
import { NextAction } from '../components/detail/next-action';
import { QueueCard } from '../components/detail/queue-card';
import { RevokeButton } from '../components/detail/revoke-button';
import { SignatureCard } from '../components/detail/signature-card';
import { TaskProgress } from '../components/detail/task-progress';
import { TaskSummary } from '../components/detail/task-summary';
import { BatchRecipientsCard } from '../components/detail/batch-recipients-card';
import { UtxoTxCard } from '../components/detail/utxo-tx-card';
import { TronSignCard } from '../components/detail/tron/tron-sign-card';
import { XrpSignCard } from '../components/detail/xrp/xrp-sign-card';
import { SolSignCard } from '../components/detail/sol/sol-sign-card';
import { TaskStatusTag } from '../components/transfer-bits';
import { approvalTaskOf, useApprovalTitle } from '../components/approval-task';
import { recoveryTaskOf, useRecoveryTitle } from '../components/recovery-task';
import { messageTaskOf } from '../components/message-task';
import { useLazyTranslation } from '@/lib/use-namespace';

/** /task/:id and /task/detail/:id: progress, approvals, signatures, broadcast and speed-ups, revoke, the nonce queue. */
export default function TransferDetailPage() {
  const { t } = useLazyTranslation('transfer');
  const screens = Grid.useBreakpoint();
  const id = Number(useParams().id ?? 0);
  const info = useTaskInfo(id);
  const approvalTitle = useApprovalTitle();
  const recoveryTitle = useRecoveryTitle();
  const task = info.data;
  const wallet = useWalletBaseInfo(task?.wallet_id ?? 0);
  // Solana replies are EVM-shaped (no family field): the chain says it is a Squads wallet.
  const solana = useChainFamily(task?.chain_id ?? undefined) === 'SOL';
  const space = useOrganizationBaseInfo(useSelectedSpaceId());
  const userId = useStoredUser()?.user_id;
  const privileged = space.data ? isPrivileged(space.data) : false;

  if (info.isError && !task) {
    // Not found is a fact; any other failure is said as a failure, with a way to ask again.
    if (isApiError(info.error, 'TASK_NOT_FOUND_ERROR') || isApiError(info.error, 'PARAMS_INVALID_ERROR'))
      return (
        <Result
          status="404"
          title={t('detail.notFound')}
          extra={<Link to="/transfer">{t('detail.back')}</Link>}
        />
      );
    return (
      <QueryError
        title={t('detail.loadError')}
        error={info.error}
        onRetry={() => info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  if (!task) return <Skeleton active />;
  const revocable =
    [0, 3, 5].includes(task.status) &&
    !task.rejection &&
    !task.rejection_of &&
    (task.created_by === userId || privileged);
  return (
    <div data-testid="transfer-detail-page">
      <PageHeader
        title={
          <Space size={8} wrap>
            <span data-testid="task-number">
              {task.rejection_of
                ? t('detail.rejectionTitle', { number: task.task_number })
                : approvalTaskOf(task)
                  ? `${approvalTitle(approvalTaskOf(task)!)} ${task.task_number}`
                  : recoveryTaskOf(task)
                    ? `${recoveryTitle(recoveryTaskOf(task)!)} ${task.task_number}`
                    : messageTaskOf(task)
                      ? `${t('messageTask.title')} ${task.task_number}`
                      : t('detail.title', { number: task.task_number })}
            </span>
            <TaskStatusTag status={task.status} />
          </Space>
        }
        description={t('detail.description')}
        extra={
          <Space wrap>
            <Link to="/transfer">
              <Button icon={<ArrowLeftOutlined />}>{t('detail.back')}</Button>
            </Link>
            {revocable ? <RevokeButton task={task} /> : null}
          </Space>
        }
      />
      {info.isError ? (
        <div style={{ marginBottom: 16 }}>
          <QueryError
            title={t('detail.refreshError')}
            error={info.error}
            onRetry={() => info.refetch()}
            retrying={info.isFetching}
          />
        </div>
      ) : null}
      <Card size="small" style={{ marginBottom: 16 }}>
        <TaskProgress task={task} vertical={!screens.md} />
      </Card>
      <NextAction task={task} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <TaskSummary task={task} solana={solana} />
            {task.type === 4 && task.batch_rows?.length ? (
              <BatchRecipientsCard outputs={task.batch_rows} />
            ) : null}
            {isUtxoTask(task) ? <UtxoTxCard task={task} /> : null}
            {isEvmTask(task) && !solana ? (
              <BroadcastCard
                task={task}
                allowed={mayBroadcast(task, wallet.data, userId, privileged)}
                userId={userId}
              />
            ) : null}
          </Space>
        </Col>
        <Col xs={24} lg={10}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {(task.approval_threshold ?? 0) > 0 ? (
              <ApprovalCard task={task} wallet={wallet.data} userId={userId} />
            ) : null}
            {isUtxoTask(task) ? (
              <PsbtCard
                task={task}
                wallet={wallet.data}
                userId={userId}
                mayBroadcast={mayBroadcast(task, wallet.data, userId, privileged)}
              />
            ) : isTronTask(task) ? (
              <TronSignCard
                task={task}
                wallet={wallet.data}
                userId={userId}
                mayBroadcast={mayBroadcast(task, wallet.data, userId, privileged)}
              />
            ) : solana && isEvmTask(task) ? (
              <SolSignCard task={task} wallet={wallet.data} userId={userId} />
            ) : isXrpTask(task) ? (
              <XrpSignCard
                task={task}
                wallet={wallet.data}
                userId={userId}
                mayBroadcast={mayBroadcast(task, wallet.data, userId, privileged)}
              />
            ) : (
              <SignatureCard
                task={task}
                wallet={wallet.data}
                userId={userId}
                reviewShownAbove={task.status === 0 && task.you.needs_you}
              />
            )}
            <QueueCard task={task} />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
