import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import type { WalletDetail } from '../../api/types';
import { useDeleteSingleWallet } from '../../api/delete-single-wallet';
import { EmailCodeField } from '../email-code-field';

/**
 * §5 Delete a single-signature wallet (admins): the wallet's name typed again and an e-mailed
 * code (wallet_delete); the server refuses while transfers are pending. Then back to /wallet.
 */
export function DeleteSingleCard({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; email_code: string }>();
  const remove = useDeleteSingleWallet();

  const submit = async () => {
    const values = await form.validateFields();
    await remove.mutateAsync({
      wallet_id: wallet.wallet_id,
      name: values.name,
      email_code: values.email_code,
    });
    setOpen(false);
    toastSuccess(t('settings.delete.done', { name: wallet.name }));
    void navigate('/wallet');
  };

  return (
    <>
      <Card size="small" title={t('settings.delete.title')} styles={{ header: { color: '#cf1322' } }}>
        <Typography.Paragraph type="secondary">{t('settings.delete.description')}</Typography.Paragraph>
        <Button danger onClick={() => setOpen(true)} data-testid="wallet-delete">
          {t('settings.delete.open')}
        </Button>
      </Card>
      <Modal
        open={open}
        title={t('settings.delete.title')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('settings.delete.submit')}
        okButtonProps={{ danger: true, 'data-testid': 'wallet-delete-confirm' } as never}
        confirmLoading={remove.isPending}
        destroyOnHidden
      >
        <div data-testid="wallet-delete-modal">
          <Alert
            type="error"
            showIcon
            message={t('settings.delete.irreversible')}
            style={{ marginBottom: 16 }}
          />
          <Form form={form} layout="vertical" requiredMark={false}>
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
              <Input autoComplete="off" id="delete-wallet-name" />
            </Form.Item>
            <EmailCodeField name="email_code" label={t('common.emailCode')} category="wallet_delete" />
          </Form>
        </div>
      </Modal>
    </>
  );
}
