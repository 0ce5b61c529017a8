import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { trimStart } from '@/lib/validation';
import type { WalletDetail } from '../../api/types';
import {
  archiveWallet,
  renameWallet,
  setWalletSwitch,
  useWalletMutation,
} from '../../api/update-wallet-settings';
import { EmailCodeField } from '../email-code-field';
import { DeleteSingleCard } from './delete-single-card';
import { FamilyTypeField } from '../family-type';
import { SettingsPeople } from './settings-people';

/** Settings tab (admins): rename, roles, approvers with threshold, switches, archive, delete (single-signature). */
export function SettingsTab({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  type BaseValues = { name: string; remark?: string; family_address_type?: 3 | 4 | 5 };
  const [nameForm] = Form.useForm<BaseValues>();
  const rename = useWalletMutation(wallet.wallet_id, (values: BaseValues) =>
    renameWallet(wallet.wallet_id, values),
  );
  // A family space's wallet (it has a type) says what it is for; a company's has none.
  const family = wallet.family_address_type !== null;
  const whitelist = useWalletMutation(wallet.wallet_id, (open: boolean) =>
    setWalletSwitch('open-whitelist', wallet.wallet_id, open),
  );
  const assetTag = useWalletMutation(wallet.wallet_id, (open: boolean) =>
    setWalletSwitch('open-asset-tag', wallet.wallet_id, open),
  );
  const [archiving, setArchiving] = useState(false);
  const [archiveForm] = Form.useForm<{ name: string; email_code: string }>();
  const archive = useWalletMutation(wallet.wallet_id, (values: { name: string; email_code: string }) =>
    archiveWallet(wallet.wallet_id, values.name, values.email_code),
  );
  const submitArchive = async () => {
    const values = await archiveForm.validateFields();
    await archive.mutateAsync(values);
    toastSuccess(t('settings.archive.done'));
    setArchiving(false);
    void navigate('/wallet');
  };

  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%', maxWidth: 760 }}
      data-testid="wallet-settings"
    >
      <Card size="small" title={t('settings.base')}>
        <Form
          form={nameForm}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            name: wallet.name,
            remark: wallet.remark ?? '',
            family_address_type: wallet.family_address_type ?? undefined,
          }}
          onFinish={(values) =>
            rename.mutate(
              {
                name: values.name.trim(),
                remark: values.remark?.trim() || undefined,
                ...(family ? { family_address_type: values.family_address_type } : {}),
              },
              { onSuccess: () => toastSuccess(t('settings.saved')) },
            )
          }
        >
          <Form.Item
            name="name"
            label={t('fields.name')}
            getValueFromEvent={trimStart}
            rules={[
              { required: true, whitespace: true, message: t('validation.nameRequired') },
              { max: 30, message: t('validation.nameMax', { max: 30 }) },
            ]}
          >
            <Input maxLength={30} id="settings-name" />
          </Form.Item>
          {family ? <FamilyTypeField /> : null}
          <Form.Item
            name="remark"
            label={t('fields.remark')}
            rules={[{ max: 99, message: t('validation.remarkMax', { max: 99 }) }]}
          >
            <Input.TextArea rows={2} maxLength={99} />
          </Form.Item>
          <Button htmlType="submit" loading={rename.isPending}>
            {t('settings.save')}
          </Button>
        </Form>
      </Card>
      <SettingsPeople key={wallet.wallet_id} wallet={wallet} />
      <Card size="small" title={t('settings.switches')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space align="start">
            <Switch
              checked={wallet.is_open_white_list}
              loading={whitelist.isPending}
              onChange={(open) => whitelist.mutate(open)}
              data-testid="switch-whitelist"
            />
            <div>
              <Typography.Text strong>{t('settings.whitelist')}</Typography.Text>
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)' }}>{t('settings.whitelistHint')}</div>
            </div>
          </Space>
          <Space align="start">
            <Switch
              checked={wallet.is_open_asset_tag}
              loading={assetTag.isPending}
              onChange={(open) => assetTag.mutate(open)}
              data-testid="switch-asset-tag"
            />
            <div>
              <Typography.Text strong>{t('settings.assetTag')}</Typography.Text>
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)' }}>{t('settings.assetTagHint')}</div>
            </div>
          </Space>
        </Space>
      </Card>
      <Card size="small" title={t('settings.archive.title')} styles={{ header: { color: '#cf1322' } }}>
        <Typography.Paragraph type="secondary">{t('settings.archive.description')}</Typography.Paragraph>
        <Button danger onClick={() => setArchiving(true)} data-testid="wallet-archive">
          {t('settings.archive.open')}
        </Button>
      </Card>
      {wallet.sign_type === 2 ? <DeleteSingleCard wallet={wallet} /> : null}
      <Modal
        open={archiving}
        title={t('settings.archive.title')}
        onCancel={() => setArchiving(false)}
        onOk={() => void submitArchive().catch(() => undefined)}
        okText={t('settings.archive.submit')}
        okButtonProps={{ danger: true }}
        confirmLoading={archive.isPending}
        destroyOnHidden
      >
        <Alert
          type="error"
          showIcon
          message={t('settings.archive.irreversible')}
          style={{ marginBottom: 16 }}
        />
        <Form form={archiveForm} layout="vertical" requiredMark={false}>
          <Form.Item
            name="name"
            label={t('settings.archive.typeName', { name: wallet.name })}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  value === wallet.name
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('settings.archive.nameMismatch'))),
              },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <EmailCodeField name="email_code" label={t('common.emailCode')} category="wallet_archive" />
        </Form>
      </Modal>
    </Space>
  );
}
