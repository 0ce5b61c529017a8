import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Grid,
  Form,
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
import type { RiskRules } from '../../api/risk-rules';
import { useSaveRiskSettings, useSetRiskControlUsers, type RiskSettings } from '../../api/risk-settings';
import { CodeDialog } from './code-dialog';

/** A person's tag: a long name or e-mail wraps instead of widening the page. */
const NAME_TAG = { marginInlineEnd: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;
/**
 * Who keeps the rules (the account's risk-control users, at most 5; admins choose them) and the
 * rolling window of the buy/sell limits (the risk-control users change it, with their code).
 */
export function RiskSettingsCard(props: {
  walletId: number;
  settings: RiskSettings;
  canManage: boolean;
  privileged: boolean;
  /** Why the window cannot be changed now (a change waits for approval), or null. */
  locked: string | null;
  /** Tells the outcome of a saved window: in effect, or waiting for approval. */
  onSaved: (rules: RiskRules | null, applied: string) => void;
}) {
  const { t } = useLazyTranslation('exchange');
  // On a phone a label above its people: a name tag beside a long label would not fit.
  const narrow = Grid.useBreakpoint().sm === false;
  const { settings } = props;
  const [editing, setEditing] = useState<'window' | 'users' | null>(null);
  const [windowForm] = Form.useForm<{ limit_window_hours: number; email_code: string }>();
  const saveWindow = useSaveRiskSettings(props.walletId);
  const setUsers = useSetRiskControlUsers(props.walletId);
  const people = useJoinedMembers();
  const [users, setUsersValue] = useState<number[]>([]);

  const openUsers = () => {
    setUsersValue(settings.risk_control_users.map((user) => user.id));
    setUsers.reset();
    setEditing('users');
  };
  const saveUsers = async () => {
    await setUsers.mutateAsync(users);
    toastSuccess(t('escrow.settings.usersSaved'));
    setEditing(null);
  };

  return (
    <Card size="small" title={t('escrow.settings.title')} data-testid="risk-settings">
      <Descriptions
        size="small"
        layout={narrow ? 'vertical' : 'horizontal'}
        column={1}
        items={[
          {
            key: 'users',
            label: t('escrow.settings.users', { max: settings.max_risk_control_users }),
            children: (
              <Space wrap size={4}>
                {settings.risk_control_users.length ? (
                  settings.risk_control_users.map((user) => (
                    <Tag key={user.id} style={NAME_TAG} data-testid="risk-control-user">
                      {user.name}
                    </Tag>
                  ))
                ) : (
                  <Typography.Text type="warning">{t('escrow.settings.noUsers')}</Typography.Text>
                )}
                {props.privileged ? (
                  <Button
                    size="small"
                    type="link"
                    icon={<EditOutlined />}
                    onClick={openUsers}
                    data-testid="risk-users-edit"
                  >
                    {t('escrow.settings.editUsers')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'window',
            label: t('escrow.settings.window'),
            children: (
              <Space wrap size={4}>
                <span data-testid="risk-window">
                  {t('escrow.settings.hours', { count: settings.limit_window_hours })}
                </span>
                {props.canManage ? (
                  <Tooltip title={props.locked}>
                    <Button
                      size="small"
                      type="link"
                      icon={<EditOutlined />}
                      disabled={Boolean(props.locked)}
                      onClick={() => setEditing('window')}
                      data-testid="risk-window-edit"
                    >
                      {t('escrow.settings.editWindow')}
                    </Button>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing === 'users'}
        title={t('escrow.settings.usersTitle')}
        onCancel={() => setEditing(null)}
        onOk={() => void saveUsers().catch(() => undefined)}
        okText={t('common:actions.save')}
        okButtonProps={{ 'data-testid': 'risk-users-save' } as never}
        confirmLoading={setUsers.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('escrow.settings.usersHint')}</Typography.Paragraph>
        <PeopleSelect
          id="risk-users"
          options={people}
          max={settings.max_risk_control_users}
          value={users}
          onChange={setUsersValue}
        />
        {setUsers.isError ? (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            message={isApiError(setUsers.error) ? setUsers.error.message : t('check.networkFailed')}
          />
        ) : null}
      </Modal>
      {editing === 'window' ? (
        <CodeDialog
          open
          title={t('escrow.settings.windowTitle')}
          purpose="risk_control"
          form={windowForm}
          okText={t('common:actions.save')}
          testId="risk-window-dialog"
          initialValues={{ limit_window_hours: settings.limit_window_hours }}
          onCancel={() => setEditing(null)}
          onSubmit={async (values) => {
            const { rules } = await saveWindow.mutateAsync({ wallet_id: props.walletId, ...values });
            props.onSaved(rules, t('escrow.settings.windowSaved'));
            setEditing(null);
          }}
        >
          <Form.Item
            name="limit_window_hours"
            label={t('escrow.settings.window')}
            extra={t('escrow.settings.windowHint')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: 720,
                message: t('escrow.settings.windowRange'),
              },
            ]}
          >
            <InputNumber min={1} max={720} precision={0} addonAfter={t('escrow.settings.hoursUnit')} />
          </Form.Item>
        </CodeDialog>
      ) : null}
    </Card>
  );
}
