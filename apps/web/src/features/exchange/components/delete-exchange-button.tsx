import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Modal, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useDeleteExchange } from '../api/delete-exchange';
import type { ExchangeAccountItem } from '../api/list-exchange-accounts';

/**
 * Deletes an exchange account (admins) after a confirmation that names it and says what goes:
 * the sealed key and secret here, not the account or its funds at the exchange.
 */
export function DeleteExchangeButton({ account }: { account: ExchangeAccountItem }) {
  const { t } = useLazyTranslation('exchange');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteExchange();
  const confirm = async () => {
    await remove.mutateAsync(account.wallet_id);
    setOpen(false);
    toastSuccess(t('delete.done', { name: account.name }));
    void navigate('/wallet/exchange-wallet');
  };
  return (
    <>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)} data-testid="exchange-delete">
        {t('delete.button')}
      </Button>
      <Modal
        open={open}
        title={t('delete.title', { name: account.name })}
        onCancel={() => setOpen(false)}
        onOk={() => void confirm().catch(() => undefined)}
        okText={t('delete.confirm')}
        okButtonProps={{ danger: true, 'data-testid': 'exchange-delete-confirm' } as never}
        confirmLoading={remove.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('delete.body', { name: account.name, exchange: account.exchange_name })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('delete.revoke', { exchange: account.exchange_name })}
        </Typography.Paragraph>
        {remove.isError ? (
          <Alert
            type="error"
            showIcon
            message={isApiError(remove.error) ? remove.error.message : t('delete.failed')}
          />
        ) : null}
      </Modal>
    </>
  );
}
