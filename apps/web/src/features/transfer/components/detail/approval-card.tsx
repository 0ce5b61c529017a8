import { useState } from 'react';
import { Button, Card, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { toastSuccess } from '@/lib/notify';
import { approveTask, useTaskAction } from '../../api/task-actions';
import type { TaskInfo } from '../../api/types';
import { personName, type WalletDetail } from '@/features/wallet';
import { useSpaceMfa, type SpaceMfa } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatTime } from '../transfer-bits';
import { isEvmTask } from '../../task-rules';
import { RiskTags } from './risk-tags';
import { SafeTxReview } from './safe-tx-review';
import { SafeMessageReview } from './safe-message-review';
import { ApprovalMfa, approvalGate } from './approval-mfa';

/** Approval card: each approver's decision with comment; an approver who has not decided approves or rejects here. */
export function ApprovalCard(props: {
  task: TaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const [comment, setComment] = useState('');
  const [mfa, setMfa] = useState('');
  // Rejecting asks for confirmation and a reason (kept as the approval's comment).
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const approve = useTaskAction(approveTask);
  const approvers = props.wallet?.approvers ?? [];
  const decided = new Map(task.approvals.map((entry) => [entry.user_id, entry]));
  // A transfer policy may name approver groups (besides or instead of the wallet's approvers).
  const groups = task.policy?.groups ?? [];
  const walletReplaced = groups.length > 0 && groups.every((group) => group.replaces_wallet_threshold);
  const inGroup =
    props.userId !== undefined && groups.some((group) => group.member_ids.includes(props.userId!));
  const walletApprover =
    !walletReplaced &&
    props.userId !== undefined &&
    approvers.some((person) => person.user_id === props.userId);
  const mine = props.userId !== undefined && (walletApprover || inGroup) && !decided.has(props.userId);
  const canAct = mine && task.status === 0;
  // Whether approving here asks for the authenticator (the space's switch, or the transfer's policy).
  const spaceMfa = withPolicyMfa(useSpaceMfa(canAct), task.policy?.second_factor ?? false);
  const gate = approvalGate(spaceMfa, mfa);
  const needsMfa = spaceMfa.data?.approve_requires === 'mfa';
  const mfaValid = gate.ready && gate.codeValid;
  const act = (result: 1 | 2, note = comment) =>
    approve.mutate(
      {
        task_id: task.task_id,
        result,
        ...(note.trim() ? { comment: note.trim() } : {}),
        ...(needsMfa ? { mfa_code: mfa } : {}),
      },
      {
        onSuccess: () => {
          setRejecting(false);
          toastSuccess(result === 1 ? t('approval.approved') : t('approval.rejected'));
        },
      },
    );
  type Row = {
    person: (typeof approvers)[number] | null;
    entry: (typeof task.approvals)[number] | undefined;
  };
  const rows: Row[] = approvers.length
    ? [
        ...approvers.map((person) => ({ person, entry: decided.get(person.user_id) })),
        // Group members who are not the wallet's approvers, once they decided.
        ...task.approvals
          .filter((entry) => !approvers.some((person) => person.user_id === entry.user_id))
          .map((entry) => ({ person: null, entry })),
      ]
    : task.approvals.map((entry) => ({ person: null, entry }));
  return (
    <Card
      size="small"
      title={t('approval.title')}
      extra={
        <Typography.Text type="secondary">
          {t('approval.progress', {
            approved: task.approvals.filter((entry) => entry.result === 1).length,
            threshold: task.approval_threshold ?? 0,
          })}
        </Typography.Text>
      }
      data-testid="approval-card"
    >
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: t('approval.none') }}
        renderItem={({ person, entry }) => (
          <List.Item style={{ flexWrap: 'wrap', gap: 4 }}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text>{person ? personName(person) : entry?.nickname}</Typography.Text>
              {entry?.comment ? (
                <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>“{entry.comment}”</div>
              ) : null}
            </div>
            <Space size={4}>
              {entry ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatTime(entry.created_at)}
                </Typography.Text>
              ) : null}
              <Tag
                color={entry?.result === 1 ? 'success' : entry?.result === 2 ? 'error' : 'default'}
                style={{ marginInlineEnd: 0 }}
              >
                {t(`approval.result.${entry?.result ?? 0}`)}
              </Tag>
            </Space>
          </List.Item>
        )}
      />
      {canAct ? (
        <div style={{ marginTop: 12 }} data-testid="approval-form">
          <RiskTags task={task} />
          {isEvmTask(task) ? (
            <>
              <SafeTxReview task={task} title={t('review.approveTitle')} />
              <SafeMessageReview task={task} title={t('review.approveTitle')} />
            </>
          ) : null}
          <div style={{ height: 12 }} />
          <Input.TextArea
            id="approval-comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={300}
            placeholder={t('approval.comment')}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
          <ApprovalMfa mfa={spaceMfa} code={mfa} onCode={setMfa} />
          <Space style={{ marginTop: 8 }} wrap>
            <Button
              type="primary"
              disabled={!mfaValid}
              loading={approve.isPending && approve.variables?.result === 1}
              onClick={() => act(1)}
              data-testid="approve"
            >
              {t('approval.approve')}
            </Button>
            <Button
              danger
              disabled={!mfaValid}
              onClick={() => {
                setReason(comment);
                setRejecting(true);
              }}
              data-testid="reject"
            >
              {t('approval.reject')}
            </Button>
          </Space>
          <Modal
            open={rejecting}
            title={t('rejectConfirm.title', { number: task.task_number })}
            onCancel={() => setRejecting(false)}
            okText={t('rejectConfirm.confirm')}
            cancelText={t('rejectConfirm.cancel')}
            okButtonProps={
              {
                danger: true,
                disabled: !reason.trim() || !mfaValid,
                loading: approve.isPending && approve.variables?.result === 2,
                'data-testid': 'reject-confirm',
              } as never
            }
            onOk={() => act(2, reason)}
            destroyOnHidden
          >
            <div data-testid="reject-modal">
              <Typography.Paragraph>{t('rejectConfirm.body')}</Typography.Paragraph>
              <label htmlFor="reject-reason">{t('rejectConfirm.reason')}</label>
              <Input.TextArea
                id="reject-reason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={300}
                autoSize={{ minRows: 2, maxRows: 5 }}
                style={{ marginTop: 4 }}
                placeholder={t('rejectConfirm.reasonHint')}
              />
            </div>
          </Modal>
        </div>
      ) : null}
    </Card>
  );
}

/** The space's approval second factor, made stricter by the transfer's policy when it asks for one. */
function withPolicyMfa<T extends { data?: SpaceMfa | undefined }>(mfa: T, policyAsks: boolean): T {
  if (!policyAsks || !mfa.data) return mfa;
  return { ...mfa, data: { ...mfa.data, approve_requires: 'mfa', approve_blocked: !mfa.data.mfa_bound } };
}
