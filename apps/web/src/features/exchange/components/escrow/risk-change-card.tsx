import { useState } from 'react';
import { Alert, Button, Card, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useSpaceMfa } from '@/features/organization';
import { ApprovalMfa, approvalGate } from '@/features/transfer';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useRevokeRiskChange, useVoteRiskChange, type RiskChangeItem } from '../../api/risk-changes';
import type { RiskRules } from '../../api/risk-rules';
import { RiskChangeView } from './risk-change-view';

const VOTE_COLOR: Record<number, string> = { 1: 'success', 2: 'error' };

/**
 * A risk-control change waiting for the account's approvers (maker-checker): what it changes
 * against the rules in force, who proposed it and when, "N of M approvals" with each approver's
 * decision and who is still to decide. An approver who has not decided approves or rejects here
 * (with a comment, and the authenticator code when the space asks for it); the proposer or a
 * risk-control user withdraws it.
 */
export function RiskChangeCard({
  walletId,
  rules,
  change,
}: {
  walletId: number;
  rules: RiskRules;
  change: RiskChangeItem;
}) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const [comment, setComment] = useState('');
  const [mfa, setMfa] = useState('');
  const vote = useVoteRiskChange(walletId);
  const revoke = useRevokeRiskChange(walletId);
  const spaceMfa = useSpaceMfa(change.can_vote);
  const gate = approvalGate(spaceMfa, mfa);
  const needsMfa = spaceMfa.data?.approve_requires === 'mfa';

  const decided = new Map(change.votes.map((entry) => [entry.user.id, entry]));
  const approved = change.votes.filter((entry) => entry.result === 1).length;
  const waitingFor = change.approvers.filter((person) => !decided.has(person.id));
  // Voters no longer among the approvers still show with their decision.
  const rows = [
    ...change.approvers.map((person) => ({ person, entry: decided.get(person.id) })),
    ...change.votes
      .filter((entry) => !change.approvers.some((person) => person.id === entry.user.id))
      .map((entry) => ({ person: entry.user, entry })),
  ];

  const act = (result: 1 | 2) =>
    vote.mutate(
      {
        wallet_id: walletId,
        change_id: change.id,
        result,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(needsMfa ? { mfa_code: mfa } : {}),
      },
      {
        onSuccess: (view) => {
          setComment('');
          setMfa('');
          const still = view.pending_change?.id === change.id;
          toastSuccess(
            t(
              still
                ? `escrow.change.recorded.${result}`
                : result === 1
                  ? 'escrow.change.applied'
                  : 'escrow.change.rejected',
            ),
          );
        },
      },
    );

  return (
    <Card
      size="small"
      title={t('escrow.change.title')}
      style={{ borderColor: '#faad14' }}
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={
        <Tag color="processing" style={{ marginInlineEnd: 0 }} data-testid="risk-change-progress">
          {t('escrow.change.progress', { approved, threshold: change.approval_threshold })}
        </Tag>
      }
      data-testid="risk-change"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text data-testid="risk-change-proposed">
          {t('escrow.change.proposed', {
            name: change.proposed_by.name,
            time: formatDateTime(change.created_at, language),
          })}{' '}
          <Typography.Text type="secondary">{t('escrow.change.inForceStays')}</Typography.Text>
        </Typography.Text>
        <RiskChangeView item={change} current={rules} />
        <div>
          <Typography.Text strong>
            {t('escrow.change.approvals', { count: change.approval_threshold })}
          </Typography.Text>
          <List
            size="small"
            dataSource={rows}
            locale={{ emptyText: t('escrow.change.noApprovers') }}
            renderItem={({ person, entry }) => (
              <List.Item style={{ flexWrap: 'wrap', gap: 4 }} data-testid="risk-change-approver">
                <div style={{ minWidth: 0 }}>
                  <Typography.Text>{person.name}</Typography.Text>
                  {entry?.comment ? (
                    <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>“{entry.comment}”</div>
                  ) : null}
                </div>
                <Space size={4}>
                  {entry ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(entry.created_at, language)}
                    </Typography.Text>
                  ) : null}
                  <Tag color={VOTE_COLOR[entry?.result ?? 0] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                    {t(`escrow.change.vote.${entry?.result ?? 0}`)}
                  </Tag>
                </Space>
              </List.Item>
            )}
          />
        </div>
        {change.can_vote ? (
          <Alert
            type="warning"
            showIcon
            message={t('escrow.change.yourTurn')}
            data-testid="risk-change-next"
          />
        ) : waitingFor.length ? (
          <Typography.Text type="secondary" data-testid="risk-change-next">
            {t('escrow.change.waitingFor', { names: waitingFor.map((person) => person.name).join(', ') })}
          </Typography.Text>
        ) : null}
        {change.can_vote ? (
          <div data-testid="risk-change-form">
            <Input.TextArea
              aria-label={t('escrow.change.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              maxLength={200}
              placeholder={t('escrow.change.comment')}
              autoSize={{ minRows: 2, maxRows: 4 }}
              data-testid="risk-change-comment"
            />
            <ApprovalMfa mfa={spaceMfa} code={mfa} onCode={setMfa} />
            <Space style={{ marginTop: 8 }} wrap>
              <Button
                type="primary"
                disabled={!gate.ready || !gate.codeValid}
                loading={vote.isPending && vote.variables?.result === 1}
                onClick={() => act(1)}
                data-testid="risk-change-approve"
              >
                {t('escrow.change.approve')}
              </Button>
              <Popconfirm
                title={t('escrow.change.rejectTitle')}
                description={t('escrow.change.rejectBody')}
                okText={t('escrow.change.reject')}
                okButtonProps={{ danger: true, 'data-testid': 'risk-change-reject-confirm' } as never}
                onConfirm={() => act(2)}
                disabled={!gate.ready || !gate.codeValid}
              >
                <Button
                  danger
                  disabled={!gate.ready || !gate.codeValid}
                  loading={vote.isPending && vote.variables?.result === 2}
                  data-testid="risk-change-reject"
                >
                  {t('escrow.change.reject')}
                </Button>
              </Popconfirm>
            </Space>
          </div>
        ) : null}
        {change.can_revoke ? (
          <div>
            <Popconfirm
              title={t('escrow.change.withdrawTitle')}
              description={t('escrow.change.withdrawBody')}
              okText={t('escrow.change.withdraw')}
              okButtonProps={{ 'data-testid': 'risk-change-withdraw-confirm' } as never}
              onConfirm={() =>
                revoke.mutate(
                  { wallet_id: walletId, change_id: change.id },
                  { onSuccess: () => toastSuccess(t('escrow.change.withdrawn')) },
                )
              }
            >
              <Button loading={revoke.isPending} data-testid="risk-change-withdraw">
                {t('escrow.change.withdraw')}
              </Button>
            </Popconfirm>
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
