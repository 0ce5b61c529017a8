import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Typography,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { POLICY_DESTINATIONS } from '@keystead/contract/api/transfer-policy';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useProposePolicy, type PolicyDocument } from '../api/transfer-policy';
import { blankRule, documentFromForm } from './policy-form';

type Option = { value: number; label: string };

/**
 * Proposing a new policy: the rules in order (each with its conditions and action), the approver
 * groups and the quorum, starting from the policy in force. A refusal (an invalid rule, a change
 * already waiting, too few admins) is shown above the buttons, in the user's language.
 */
export function PolicyEditor(props: {
  spaceId: string;
  open: boolean;
  start: PolicyDocument;
  wallets: Option[];
  members: Option[];
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  const [form] = Form.useForm<PolicyDocument>();
  const propose = useProposePolicy(props.spaceId);
  const groups = Form.useWatch('groups', form) ?? [];
  const submit = (values: PolicyDocument) =>
    propose.mutate(documentFromForm(values), {
      onSuccess: () => {
        toastSuccess(t('editor.proposed'));
        props.onClose();
      },
    });
  const dayOptions = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`day.${d}`) }));
  return (
    <Modal
      open={props.open}
      title={t('editor.title')}
      width={900}
      onCancel={props.onClose}
      destroyOnHidden
      footer={null}
      data-testid="policy-editor"
    >
      <Typography.Paragraph type="secondary">{t('editor.hint')}</Typography.Paragraph>
      <Form<PolicyDocument> form={form} layout="vertical" initialValues={props.start} onFinish={submit}>
        <Typography.Title level={5}>{t('editor.groups')}</Typography.Title>
        <Form.List name="groups">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap data-testid="policy-editor-group">
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('editor.groupName')}
                    rules={[{ required: true }]}
                  >
                    <Input style={{ width: 180 }} data-testid="policy-group-name" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'member_ids']}
                    label={t('editor.members')}
                    rules={[{ required: true }]}
                  >
                    <Select
                      mode="multiple"
                      style={{ minWidth: 320 }}
                      options={props.members}
                      optionFilterProp="label"
                      data-testid="policy-group-members"
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    style={{ marginTop: 30 }}
                    onClick={() => remove(field.name)}
                  >
                    {t('editor.remove')}
                  </Button>
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', member_ids: [] })}
                data-testid="policy-add-group"
              >
                {t('editor.addGroup')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('rules')}
        </Typography.Title>
        <Form.List name="rules">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  style={{ marginBottom: 12 }}
                  data-testid="policy-editor-rule"
                  title={`#${index + 1}`}
                  extra={
                    <Space>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('editor.up')}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('editor.down')}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                      <Button size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                        {t('editor.remove')}
                      </Button>
                    </Space>
                  }
                >
                  <RuleFields
                    name={field.name}
                    wallets={props.wallets}
                    members={props.members}
                    groups={groups.map((g) => g?.name).filter(Boolean)}
                    dayOptions={dayOptions}
                  />
                </Card>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(blankRule(fields.length + 1))}
                data-testid="policy-add-rule"
              >
                {t('editor.addRule')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="change_quorum" label={t('editor.quorum')} style={{ marginTop: 16 }}>
          <InputNumber min={1} max={10} />
        </Form.Item>
        {propose.error ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={isApiError(propose.error) ? propose.error.message : t('common:loadError.hint')}
            data-testid="policy-editor-error"
          />
        ) : null}
        <Space>
          <Button onClick={props.onClose}>{t('editor.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={propose.isPending} data-testid="policy-submit">
            {t('editor.submit')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}

function RuleFields(props: {
  name: number;
  wallets: Option[];
  members: Option[];
  groups: string[];
  dayOptions: { value: number; label: string }[];
}) {
  const { t } = useLazyTranslation('transferPolicy');
  const n = props.name;
  const kind = Form.useWatch(['rules', n, 'then', 'kind']);
  const tags = { mode: 'tags' as const, style: { minWidth: 160 }, open: false };
  return (
    <>
      <Space wrap align="start">
        <Form.Item name={[n, 'name']} label={t('editor.name')} rules={[{ required: true }]}>
          <Input style={{ width: 200 }} data-testid="policy-rule-name" />
        </Form.Item>
        <Form.Item name={[n, 'when', 'amount_usd', 'gte']} label={t('editor.usdGte')}>
          <Input style={{ width: 140 }} data-testid="policy-rule-usd-gte" />
        </Form.Item>
        <Form.Item name={[n, 'when', 'amount_usd', 'lt']} label={t('editor.usdLt')}>
          <Input style={{ width: 140 }} data-testid="policy-rule-usd-lt" />
        </Form.Item>
        <Form.Item name={[n, 'when', 'symbols']} label={t('editor.symbols')}>
          <Select {...tags} />
        </Form.Item>
        <Form.Item name={[n, 'when', 'chains']} label={t('editor.chains')}>
          <Select {...tags} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name={[n, 'when', 'wallet_ids']} label={t('editor.wallets')}>
          <Select
            mode="multiple"
            style={{ minWidth: 200 }}
            options={props.wallets}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name={[n, 'when', 'initiator_ids']} label={t('editor.initiators')}>
          <Select
            mode="multiple"
            style={{ minWidth: 200 }}
            options={props.members}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name={[n, 'when', 'destinations']} label={t('editor.destinations')}>
          <Select
            mode="multiple"
            style={{ minWidth: 220 }}
            options={POLICY_DESTINATIONS.map((d) => ({ value: d, label: t(`destination.${d}`) }))}
          />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name={[n, 'when', 'time_window', 'days']} label={t('editor.days')}>
          <Select mode="multiple" style={{ minWidth: 200 }} options={props.dayOptions} />
        </Form.Item>
        <Form.Item name={[n, 'when', 'time_window', 'from']} label={t('editor.from')}>
          <Input style={{ width: 90 }} placeholder="09:00" />
        </Form.Item>
        <Form.Item name={[n, 'when', 'time_window', 'to']} label={t('editor.to')}>
          <Input style={{ width: 90 }} placeholder="18:00" />
        </Form.Item>
        <Form.Item name={[n, 'when', 'time_window', 'time_zone']} label={t('editor.zone')}>
          <Input style={{ width: 160 }} placeholder="Asia/Hong_Kong" />
        </Form.Item>
        <Form.Item name={[n, 'when', 'time_window', 'outside']} valuePropName="checked" label=" ">
          <Checkbox>{t('editor.outside')}</Checkbox>
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item
          name={[n, 'when', 'velocity', 'scope']}
          label={t('editor.velocityScope')}
          initialValue="wallet"
        >
          <Select
            style={{ width: 110 }}
            options={(['wallet', 'space'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name={[n, 'when', 'velocity', 'window']}
          label={t('editor.velocityWindow')}
          initialValue="24h"
        >
          <Select
            style={{ width: 110 }}
            options={(['24h', '7d'] as const).map((w) => ({ value: w, label: t(`window.${w}`) }))}
          />
        </Form.Item>
        <Form.Item
          name={[n, 'when', 'velocity', 'measure']}
          label={t('editor.velocityMeasure')}
          initialValue="usd"
        >
          <Select
            style={{ width: 130 }}
            options={[
              { value: 'usd', label: t('editor.measureUsd') },
              { value: 'count', label: t('editor.measureCount') },
            ]}
          />
        </Form.Item>
        <Form.Item name={[n, 'when', 'velocity', 'gte']} label={t('editor.velocityGte')}>
          <Input style={{ width: 130 }} data-testid="policy-rule-velocity-gte" />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name={[n, 'then', 'kind']} label={t('editor.action')}>
          <Select
            style={{ width: 120 }}
            data-testid="policy-rule-kind"
            options={[
              { value: 'allow', label: t('editor.allow') },
              { value: 'block', label: t('editor.block') },
            ]}
          />
        </Form.Item>
        {kind === 'block' ? (
          <Form.Item name={[n, 'then', 'reason']} label={t('editor.reason')} rules={[{ required: true }]}>
            <Input style={{ width: 320 }} data-testid="policy-rule-reason" />
          </Form.Item>
        ) : (
          <>
            <Form.Item name={[n, 'then', 'group_approvals', 'group']} label={t('editor.group')}>
              <Select
                allowClear
                style={{ width: 160 }}
                options={props.groups.map((g) => ({ value: g, label: g }))}
                data-testid="policy-rule-group"
              />
            </Form.Item>
            <Form.Item name={[n, 'then', 'group_approvals', 'count']} label={t('editor.groupCount')}>
              <InputNumber min={1} max={20} data-testid="policy-rule-group-count" />
            </Form.Item>
            <Form.Item
              name={[n, 'then', 'group_approvals', 'replaces_wallet_threshold']}
              valuePropName="checked"
              label=" "
            >
              <Checkbox>{t('editor.instead')}</Checkbox>
            </Form.Item>
            <Form.Item name={[n, 'then', 'second_factor']} valuePropName="checked" label=" ">
              <Checkbox>{t('editor.secondFactor')}</Checkbox>
            </Form.Item>
            <Form.Item name={[n, 'then', 'delay_minutes']} label={t('editor.delay')}>
              <InputNumber min={1} max={43200} />
            </Form.Item>
          </>
        )}
      </Space>
    </>
  );
}
