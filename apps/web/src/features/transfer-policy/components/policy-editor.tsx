import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import { toastSuccess } from '@/lib/notify';
import { refusalText, useProposePolicy, type PolicyDocument } from '../api/transfer-policy';
import { blankRule, documentFromForm } from './policy-form';
import { RuleFields } from './rule-fields';

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
  // A refusal shown last time is not shown when the editor opens again.
  const close = () => {
    propose.reset();
    props.onClose();
  };
  const submit = (values: PolicyDocument) =>
    propose.mutate(documentFromForm(values), {
      onSuccess: () => {
        toastSuccess(t('editor.proposed'));
        close();
      },
    });
  return (
    <Modal
      open={props.open}
      title={t('editor.title')}
      width={960}
      onCancel={close}
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
                <Row key={field.key} gutter={12} align="bottom" data-testid="policy-editor-group">
                  <Col xs={24} md={7}>
                    <Form.Item
                      name={[field.name, 'name']}
                      label={t('editor.groupName')}
                      rules={[{ required: true }]}
                    >
                      <Input data-testid="policy-group-name" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={13}>
                    <Form.Item
                      name={[field.name, 'member_ids']}
                      label={t('editor.members')}
                      rules={[{ required: true }]}
                    >
                      <Select
                        mode="multiple"
                        options={props.members}
                        optionFilterProp="label"
                        data-testid="policy-group-members"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={4}>
                    <Form.Item>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                        {t('editor.remove')}
                      </Button>
                    </Form.Item>
                  </Col>
                </Row>
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
                  title={t('editor.ruleN', { n: index + 1 })}
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
            message={refusalText(propose.error, t('common:loadError.hint'))}
            data-testid="policy-editor-error"
          />
        ) : null}
        <Space>
          <Button onClick={close}>{t('editor.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={propose.isPending} data-testid="policy-submit">
            {t('editor.submit')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
