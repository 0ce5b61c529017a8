import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Modal, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SendCodePurpose } from '@/features/auth';
import { useChangePaymentSetting, usePaymentSetting, type PaymentSettingChange } from '@/features/payment';
import { QueryError } from '@/components/ui/query-error';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import type { WalletDetail } from '../../api/types';
import { EmailCodeField } from '../email-code-field';
import { MONO } from '../wallet-bits';

type Action = 'open' | 'close' | 'bind' | 'unbind';
const PURPOSE: Record<Action, SendCodePurpose> = {
  open: 'payment_open',
  close: 'payment_close',
  bind: 'payment_bind',
  unbind: 'payment_unbind',
};

/** A payment address as its name and full address. */
function AddressLine(props: { name: string | null; address: string; testId?: string }) {
  return (
    <span data-testid={props.testId}>
      <Typography.Text strong>{props.name ?? '—'}</Typography.Text>{' '}
      <Typography.Text copyable={{ text: props.address }} style={{ ...MONO, wordBreak: 'break-all' }}>
        {props.address}
      </Typography.Text>
    </span>
  );
}

/**
 * Payment settings tab (admins, EVM wallets): whether a payment address of the space sends and pays
 * for this wallet's executions, and which one. With the switch on and an address bound, the
 * broadcaster broadcasts without a wallet of their own and the payment address pays the gas.
 * Every change asks for an e-mailed code (payment_open / _close / _bind / _unbind).
 */
export function PaymentSettingsTab({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const setting = usePaymentSetting(wallet.wallet_id);
  const change = useChangePaymentSetting(wallet.wallet_id);
  const [action, setAction] = useState<Action | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<{ payment_address_id?: number; email_code: string }>();

  if (setting.isError)
    return (
      <QueryError
        title={t('paymentSettings.loadError')}
        error={setting.error}
        onRetry={() => setting.refetch()}
        retrying={setting.isFetching}
        testId="payment-settings-error"
      />
    );
  if (!setting.data) return <Skeleton active />;
  const data = setting.data;
  if (!data.evm) return <Alert type="info" showIcon message={t('paymentSettings.evmOnly')} />;

  const open = (next: Action) => {
    setError(null);
    form.resetFields();
    setAction(next);
  };
  const close = () => {
    setAction(null);
    setError(null);
  };
  const submit = async () => {
    if (!action) return;
    const values = await form.validateFields();
    const body: PaymentSettingChange =
      action === 'open' || action === 'close'
        ? { kind: 'switch', open: action === 'open', email_code: values.email_code }
        : {
            kind: 'binding',
            payment_address_id: action === 'bind' ? (values.payment_address_id ?? null) : null,
            email_code: values.email_code,
          };
    setError(null);
    try {
      await change.mutateAsync(body);
      toastSuccess(t(`paymentSettings.done.${action}`));
      setAction(null);
    } catch (failure) {
      setError(failure);
    }
  };

  const bound = data.payment_address;
  const sponsored = data.payment_on && bound !== null;
  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%', maxWidth: 760 }}
      data-testid="payment-settings"
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('paymentSettings.intro')}
      </Typography.Paragraph>
      <Alert
        type={sponsored ? 'success' : data.payment_on ? 'warning' : 'info'}
        showIcon
        data-testid="payment-settings-state"
        message={
          sponsored
            ? t('paymentSettings.state.sponsored', { name: bound.name ?? bound.address })
            : data.payment_on
              ? t('paymentSettings.state.onUnbound')
              : t('paymentSettings.state.off')
        }
      />
      <Card size="small" title={t('paymentSettings.switchTitle')}>
        <Space wrap align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Tag color={data.payment_on ? 'success' : 'default'} data-testid="payment-settings-switch">
            {data.payment_on ? t('paymentSettings.on') : t('paymentSettings.off')}
          </Tag>
          <Button
            type={data.payment_on ? 'default' : 'primary'}
            onClick={() => open(data.payment_on ? 'close' : 'open')}
            data-testid={data.payment_on ? 'payment-settings-close' : 'payment-settings-open'}
          >
            {data.payment_on ? t('paymentSettings.turnOff') : t('paymentSettings.turnOn')}
          </Button>
        </Space>
      </Card>
      <Card size="small" title={t('paymentSettings.boundTitle')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {bound ? (
            <AddressLine name={bound.name} address={bound.address} testId="payment-settings-bound" />
          ) : (
            <Typography.Text type="secondary" data-testid="payment-settings-bound">
              {t('paymentSettings.noneBound')}
            </Typography.Text>
          )}
          {data.choices.length === 0 && !bound ? (
            <Typography.Text type="secondary" data-testid="payment-settings-no-choices">
              {t('paymentSettings.noChoices')} <Link to="/payment">{t('paymentSettings.toPayment')}</Link>
            </Typography.Text>
          ) : null}
          <Space wrap>
            <Button
              type={bound ? 'default' : 'primary'}
              disabled={data.choices.length === 0}
              onClick={() => open('bind')}
              data-testid="payment-settings-bind"
            >
              {bound ? t('paymentSettings.change') : t('paymentSettings.bind')}
            </Button>
            {bound ? (
              <Button danger onClick={() => open('unbind')} data-testid="payment-settings-unbind">
                {t('paymentSettings.unbind')}
              </Button>
            ) : null}
          </Space>
        </Space>
      </Card>
      <Modal
        open={action !== null}
        title={action ? t(`paymentSettings.dialog.${action}`) : undefined}
        onCancel={close}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('common:actions.confirm')}
        okButtonProps={
          {
            danger: action === 'close' || action === 'unbind',
            'data-testid': 'payment-settings-confirm',
          } as never
        }
        confirmLoading={change.isPending}
        destroyOnHidden
      >
        {action ? (
          <div data-testid="payment-settings-modal">
            <Typography.Paragraph type="secondary">
              {t(`paymentSettings.dialogHint.${action}`)}
            </Typography.Paragraph>
            <Form form={form} layout="vertical" requiredMark={false}>
              {action === 'bind' ? (
                <Form.Item
                  name="payment_address_id"
                  label={t('paymentSettings.choose')}
                  initialValue={bound?.id ?? (data.choices.length === 1 ? data.choices[0]!.id : undefined)}
                  rules={[{ required: true, message: t('paymentSettings.chooseRequired') }]}
                >
                  <Select
                    id="payment-settings-address"
                    data-testid="payment-settings-address"
                    options={data.choices.map((choice) => ({
                      value: choice.id,
                      label: `${choice.name ?? '—'} · ${choice.address}`,
                    }))}
                  />
                </Form.Item>
              ) : action === 'unbind' && bound ? (
                <div style={{ marginBottom: 16 }}>
                  <AddressLine name={bound.name} address={bound.address} />
                </div>
              ) : null}
              <EmailCodeField name="email_code" label={t('common.emailCode')} category={PURPOSE[action]} />
            </Form>
            {error ? (
              <Alert
                type="error"
                showIcon
                data-testid="payment-settings-refused"
                message={isApiError(error) && !error.isNetwork ? error.message : t('paymentSettings.failed')}
              />
            ) : null}
          </div>
        ) : null}
      </Modal>
    </Space>
  );
}
