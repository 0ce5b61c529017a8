import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Grid,
  InputNumber,
  Modal,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { PeopleSelect, useJoinedMembers } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useSetRiskApprovers } from '../../api/risk-changes';
import type { RiskRules } from '../../api/risk-rules';

/** A person's tag: a long name or e-mail wraps instead of widening the page. */
const NAME_TAG = { marginInlineEnd: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;
/**
 * "Approval of rule changes": who approves the risk-control users' changes of this account and
 * how many of them must (the account wallet's approvers and threshold). Off (none): a change
 * applies at once. Admins choose them; not while a change waits (it keeps the approvers it was
 * put to).
 */
export function RiskApprovalCard({
  walletId,
  rules,
  privileged,
}: {
  walletId: number;
  rules: RiskRules;
  privileged: boolean;
}) {
  const { t } = useLazyTranslation('exchange');
  // On a phone a label above its people: a name tag beside a long label would not fit.
  const narrow = Grid.useBreakpoint().sm === false;
  const { approval } = rules;
  const people = useJoinedMembers();
  const save = useSetRiskApprovers(walletId);
  const [open, setOpen] = useState(false);
  const [approvers, setApprovers] = useState<number[]>([]);
  const [threshold, setThreshold] = useState(0);
  const waiting = Boolean(rules.pending_change);

  const edit = () => {
    setApprovers(approval.approvers.map((person) => person.id));
    setThreshold(approval.threshold);
    save.reset();
    setOpen(true);
  };
  const submit = async () => {
    await save.mutateAsync({
      user_ids: approvers,
      approval_threshold: approvers.length ? threshold : 0,
    });
    toastSuccess(t('escrow.approval.saved'));
    setOpen(false);
  };
  const invalid = approvers.length > 0 && (threshold < 1 || threshold > approvers.length);
  const on = approval.threshold >= 1;

  const editButton = (
    <Button
      size="small"
      icon={<EditOutlined />}
      disabled={waiting}
      onClick={edit}
      data-testid="risk-approval-edit"
    >
      {t('escrow.approval.edit')}
    </Button>
  );

  return (
    <Card
      size="small"
      title={t('escrow.approval.title')}
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={
        privileged ? (
          waiting ? (
            <Tooltip title={t('escrow.approval.lockedWaiting')}>
              <span>{editButton}</span>
            </Tooltip>
          ) : (
            editButton
          )
        ) : null
      }
      data-testid="risk-approval"
    >
      <Descriptions
        size="small"
        layout={narrow ? 'vertical' : 'horizontal'}
        column={1}
        items={[
          {
            key: 'rule',
            label: t('escrow.approval.rule'),
            children: (
              <span data-testid="risk-approval-rule">
                {on ? t('escrow.approval.on', { count: approval.threshold }) : t('escrow.approval.off')}
              </span>
            ),
          },
          ...(on
            ? [
                {
                  key: 'approvers',
                  label: t('escrow.approval.approvers'),
                  children: (
                    <Space wrap size={4}>
                      {approval.approvers.map((person) => (
                        <Tag key={person.id} style={NAME_TAG} data-testid="risk-approver">
                          {person.name}
                        </Tag>
                      ))}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 12 }}>
        {t('escrow.approval.intro')}
      </Typography.Paragraph>
      <Modal
        open={open}
        title={t('escrow.approval.editTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('common:actions.save')}
        okButtonProps={{ disabled: invalid, 'data-testid': 'risk-approval-save' } as never}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('escrow.approval.hint')}</Typography.Paragraph>
        <label htmlFor="risk-approvers" style={{ display: 'block', marginBottom: 4 }}>
          {t('escrow.approval.approvers')}
        </label>
        <PeopleSelect
          id="risk-approvers"
          options={people}
          value={approvers}
          onChange={(value) => {
            setApprovers(value);
            if (threshold > value.length) setThreshold(value.length);
            if (value.length && threshold < 1) setThreshold(1);
          }}
        />
        <label htmlFor="risk-approval-threshold" style={{ display: 'block', margin: '12px 0 4px' }}>
          {t('escrow.approval.threshold')}
        </label>
        <InputNumber
          id="risk-approval-threshold"
          min={approvers.length ? 1 : 0}
          max={approvers.length}
          precision={0}
          value={approvers.length ? threshold : 0}
          disabled={!approvers.length}
          onChange={(value) => setThreshold(Number(value ?? 0))}
          addonAfter={t('escrow.approval.ofApprovers', { count: approvers.length })}
          style={{ width: 200 }}
          data-testid="risk-approval-threshold"
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
          {approvers.length ? t('escrow.approval.proposerApart') : t('escrow.approval.offHint')}
        </Typography.Paragraph>
        {save.isError ? (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            data-testid="risk-approval-error"
            message={isApiError(save.error) ? save.error.message : t('check.networkFailed')}
          />
        ) : null}
      </Modal>
    </Card>
  );
}
