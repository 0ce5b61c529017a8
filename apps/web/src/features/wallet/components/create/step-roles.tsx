import { useState } from 'react';
import { Alert, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_CONTROL_USERS_MAX, VIEWERS_MAX } from '@keystead/contract/limits';
import { useStoredUser } from '@/lib/session';
import type { StepProps, WalletDraft } from './draft';
import { PeopleSelect, useJoinedMembers } from './people-select';
import { StepActions } from './step-actions';

type Values = Pick<
  WalletDraft,
  'operators' | 'approvers' | 'approval_threshold' | 'viewers' | 'risk_control_users' | 'broadcast_scope'
>;

/** Step 4 (multisig): operators (≥ 1), approvers and their threshold, viewers and risk-control users (≤ 5), broadcast mode. */
export function StepRoles({ draft, onBack, onNext }: StepProps) {
  const { t } = useTranslation('wallets');
  const me = useStoredUser();
  const people = useJoinedMembers();
  const [form] = Form.useForm<Values>();
  const approvers = Form.useWatch('approvers', form) ?? draft.approvers;
  // The threshold follows the approvers chosen; a lowered threshold is said, never silent.
  const [lowered, setLowered] = useState<number | null>(null);
  const followApprovers = (changed: Partial<Values>, values: Values) => {
    if (!changed.approvers) return;
    const count = values.approvers.length;
    const threshold = values.approval_threshold ?? 0;
    // A value set here is valid by construction: no stale error stays under it.
    const set = (value: number) => {
      form.setFieldValue('approval_threshold', value);
      // The newest validation wins over the one the approvers' change started with the old value.
      void form.validateFields(['approval_threshold']).catch(() => undefined);
    };
    if (count === 0) {
      set(0);
      setLowered(null);
    } else if (threshold < 1) {
      set(1);
      setLowered(null);
    } else if (threshold > count) {
      set(count);
      setLowered(count);
    }
  };
  const next = async () => {
    const values = await form.validateFields();
    onNext({ ...values, approval_threshold: values.approvers.length ? values.approval_threshold : 0 });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 620 }}
      onValuesChange={followApprovers}
      initialValues={{
        operators: draft.operators.length ? draft.operators : me ? [me.user_id] : [],
        approvers: draft.approvers,
        approval_threshold: draft.approval_threshold || (draft.approvers.length ? 1 : 0),
        viewers: draft.viewers,
        risk_control_users: draft.risk_control_users,
        broadcast_scope: draft.broadcast_scope,
      }}
    >
      <Form.Item
        name="operators"
        label={t('fields.operators')}
        extra={t('create.roles.operatorsHint')}
        rules={[{ type: 'array', min: 1, required: true, message: t('validation.operatorRequired') }]}
      >
        <PeopleSelect id="wallet-operators" options={people} />
      </Form.Item>
      <Form.Item name="approvers" label={t('fields.approvers')} extra={t('create.roles.approversHint')}>
        <PeopleSelect id="wallet-approvers" options={people} />
      </Form.Item>
      <Form.Item
        name="approval_threshold"
        label={t('fields.approvalThreshold')}
        dependencies={['approvers']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: number | null) => {
              const count = (getFieldValue('approvers') as number[] | undefined)?.length ?? 0;
              if (count === 0) return Promise.resolve();
              return value && value >= 1 && value <= count
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.approvalThreshold', { max: count })));
            },
          }),
        ]}
      >
        <InputNumber
          id="wallet-approval-threshold"
          min={0}
          max={approvers.length}
          disabled={!approvers.length}
          addonAfter={t('create.roles.ofApprovers', { count: approvers.length })}
          onChange={() => setLowered(null)}
        />
      </Form.Item>
      {lowered !== null ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="approval-threshold-lowered"
          message={t('create.roles.thresholdLowered', { count: lowered })}
        />
      ) : null}
      <Form.Item
        name="viewers"
        label={t('fields.viewers')}
        rules={[
          { type: 'array', max: VIEWERS_MAX, message: t('validation.viewersMax', { max: VIEWERS_MAX }) },
        ]}
      >
        <PeopleSelect id="wallet-viewers" options={people} max={VIEWERS_MAX} />
      </Form.Item>
      <Form.Item
        name="risk_control_users"
        label={t('fields.riskControlUsers')}
        rules={[
          {
            type: 'array',
            max: RISK_CONTROL_USERS_MAX,
            message: t('validation.riskControlMax', { max: RISK_CONTROL_USERS_MAX }),
          },
        ]}
      >
        <PeopleSelect id="wallet-risk-control" options={people} max={RISK_CONTROL_USERS_MAX} />
      </Form.Item>
      <Form.Item
        name="broadcast_scope"
        label={t('fields.broadcastScope')}
        extra={t('create.roles.broadcastHint')}
      >
        <Radio.Group>
          {[2, 3, 4].map((scope) => (
            <Radio key={scope} value={scope} data-testid={`broadcast-${scope}`}>
              {t(`broadcastScope.${scope}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <StepActions onBack={onBack} onNext={() => void next().catch(() => undefined)} />
    </Form>
  );
}
