import { useState } from 'react';
import { Alert, Button, Card, Input, List, Space, Tag, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { toastSuccess } from '@/lib/notify';
import { useSpaceMfa } from '@/features/organization';
import {
  useRevokePolicy,
  useVotePolicy,
  type PolicyDocument,
  type TransferPolicyReply,
} from '../api/transfer-policy';
import { policyDiff } from './policy-diff';
import { PolicyDocumentView, type PolicyNames } from './policy-in-force';

type Change = NonNullable<TransferPolicyReply['pending_change']>;

/**
 * The change waiting for other admins: what it would put in force, who proposed it, the votes
 * against the quorum, and the caller's part (approve or reject once; its proposer withdraws it).
 */
export function PendingChangeCard({
  spaceId,
  change,
  inForce,
  names,
}: {
  spaceId: string;
  change: Change;
  /** The document in force, to show what the change differs in. */
  inForce: PolicyDocument | null;
  names: PolicyNames;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  const language = currentLanguage();
  const [mfa, setMfa] = useState('');
  const vote = useVotePolicy(spaceId);
  const revoke = useRevokePolicy(spaceId);
  // The space's approver second factor asks for the authenticator here too (shown when unknown).
  const spaceMfa = useSpaceMfa(change.can_vote);
  const askMfa = spaceMfa.isError || spaceMfa.data?.approve_requires === 'mfa';
  const approved = change.votes.filter((v) => v.result === 1).length;
  const send = (result: 1 | 2) =>
    vote.mutate(
      { change_id: change.id, result, ...(askMfa && mfa ? { mfa_code: mfa } : {}) },
      { onSuccess: () => toastSuccess(t('pending.approved')) },
    );
  return (
    <Card
      title={t('pending.title')}
      style={{ marginBottom: 16, borderColor: '#faad14' }}
      data-testid="policy-pending"
    >
      <Typography.Paragraph>
        <Tag color="gold" data-testid="policy-pending-progress">
          {t('pending.progress', { approved, count: change.quorum })}
        </Tag>
        <Typography.Text type="secondary">
          {t('pending.by', {
            name: change.proposed_by.name,
            time: formatDateTime(change.created_at, language),
          })}
        </Typography.Text>
      </Typography.Paragraph>
      <PolicyDocumentView
        document={change.document}
        names={names}
        diff={policyDiff(inForce, change.document)}
        testId="policy-pending-document"
      />
      {change.votes.length ? (
        <List
          size="small"
          dataSource={change.votes}
          renderItem={(v) => (
            <List.Item>
              {v.user.name}:{' '}
              <Tag color={v.result === 1 ? 'green' : 'red'}>{t(`pending.vote${v.result}`)}</Tag>
            </List.Item>
          )}
        />
      ) : null}
      {change.can_vote ? (
        <Space wrap style={{ marginTop: 12 }}>
          {askMfa ? (
            <Input
              style={{ width: 200 }}
              placeholder={t('pending.mfa')}
              aria-label={t('pending.mfa')}
              value={mfa}
              maxLength={6}
              inputMode="numeric"
              onChange={(e) => setMfa(e.target.value.replace(/\D/g, ''))}
              data-testid="policy-vote-mfa"
            />
          ) : null}
          <Button
            type="primary"
            loading={vote.isPending}
            onClick={() => send(1)}
            data-testid="policy-approve"
          >
            {t('pending.approve')}
          </Button>
          <Button danger loading={vote.isPending} onClick={() => send(2)} data-testid="policy-reject">
            {t('pending.reject')}
          </Button>
        </Space>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="policy-cannot-vote"
          message={change.can_revoke ? t('pending.own') : t('pending.voted')}
        />
      )}
      {change.can_revoke ? (
        <Button
          style={{ marginTop: 12 }}
          loading={revoke.isPending}
          onClick={() => revoke.mutate(change.id, { onSuccess: () => toastSuccess(t('pending.revoked')) })}
          data-testid="policy-revoke"
        >
          {t('pending.revoke')}
        </Button>
      ) : null}
    </Card>
  );
}
