import { Alert, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmailCodeField, MONO } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useDeleteSignerAddress } from '../api/delete-signer-address';
import type { SignerAddress } from '../api/types';

/** Delete with an e-mailed code; an address still used by wallets is only marked for deletion. */
export function DeleteSignerModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const [form] = Form.useForm<{ email_code: string }>();
  const remove = useDeleteSignerAddress();
  const submit = async () => {
    if (!signer) return;
    const { email_code } = await form.validateFields();
    const reply = await remove.mutateAsync({ id: signer.id, email_code });
    toastSuccess(reply.result === 'deleted' ? t('signer.delete.deleted') : t('signer.delete.pending'));
    onClose();
  };
  return (
    <Modal
      open={Boolean(signer)}
      title={t('signer.delete.title')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('signer.delete.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'signer-delete-submit' } as never}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      {signer ? (
        <>
          <Typography.Paragraph>
            {signer.name}: <span style={{ ...MONO, wordBreak: 'break-all' }}>{signer.address}</span>
          </Typography.Paragraph>
          {signer.linked_wallets.length ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('signer.delete.inUse', { count: signer.linked_wallets.length })}
            />
          ) : null}
          <Form form={form} layout="vertical" requiredMark={false}>
            <EmailCodeField
              name="email_code"
              label={t('common.emailCode')}
              category="permission_address_delete"
            />
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
