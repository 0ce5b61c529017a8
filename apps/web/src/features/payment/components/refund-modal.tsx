import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUnits } from 'viem';
import { QueryError } from '@/components/ui/query-error';
import { EmailCodeField } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import type { PaymentAddress } from '../api/list-payment-addresses';
import { useRefundFee } from '../api/get-refund-fee';
import { useRefundPayment } from '../api/refund-payment';
import { toSmallestUnit } from './amount';
import { FullAddress, UnitAmount, errorText } from './payment-bits';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Sends part or all of a payment address's balance back (to, amount with Max, an e-mailed code of
 * purpose payment_refund). The network fee is read now and shown; Max is the balance less that
 * fee. The server signs and sends it; the refund then shows in the refund records.
 */
export function RefundModal(props: { address: PaymentAddress | null; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const { address } = props;
  const [form] = Form.useForm<{ to: string; amount: string; email_code: string }>();
  const fee = useRefundFee(address ? { payment_address_id: address.id, chain: address.chain } : null);
  const refund = useRefundPayment();
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    props.onClose();
  };

  const submit = async () => {
    if (!address) return;
    const values = await form.validateFields();
    setError(null);
    try {
      await refund.mutateAsync({
        payment_address_id: address.id,
        chain: address.chain,
        to: values.to.trim(),
        amount: values.amount.trim(),
        email_code: values.email_code,
      });
      toastSuccess(t('payment.refund.done', { amount: values.amount.trim(), symbol: address.symbol }));
      close();
    } catch (failure) {
      setError(failure);
    }
  };

  const quote = fee.data;
  const max = quote ? BigInt(quote.max) : null;
  return (
    <Modal
      open={address !== null}
      title={t('payment.refund.title')}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('payment.refund.submit')}
      okButtonProps={{ disabled: !quote, 'data-testid': 'payment-refund-submit' } as never}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      {address ? (
        <div data-testid="payment-refund-modal">
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'from',
                label: t('payment.refund.from'),
                children: (
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{address.name ?? address.chain_name}</Typography.Text>
                    <FullAddress value={address.address} />
                  </Space>
                ),
              },
              { key: 'chain', label: t('payment.addresses.chain'), children: address.chain_name },
              {
                key: 'balance',
                label: t('payment.addresses.balance'),
                children: quote ? (
                  <UnitAmount
                    value={quote.balance}
                    decimals={quote.decimals}
                    symbol={quote.symbol}
                    testId="payment-refund-balance"
                  />
                ) : (
                  t('common:dash')
                ),
              },
              {
                key: 'fee',
                label: t('payment.refund.fee'),
                children: quote ? (
                  <UnitAmount
                    value={quote.fee}
                    decimals={quote.decimals}
                    symbol={quote.symbol}
                    testId="payment-refund-fee"
                  />
                ) : (
                  t('common:dash')
                ),
              },
            ]}
          />
          {fee.isError ? (
            <div style={{ marginBottom: 16 }}>
              <QueryError
                title={t('payment.refund.feeError')}
                error={fee.error}
                onRetry={() => fee.refetch()}
                retrying={fee.isFetching}
                testId="payment-refund-fee-error"
              />
            </div>
          ) : null}
          <Form form={form} layout="vertical" requiredMark={false}>
            <Form.Item
              name="to"
              label={t('payment.refund.to')}
              rules={[
                { required: true, whitespace: true, message: t('payment.refund.toRequired') },
                {
                  validator: (_rule, value: string | undefined) =>
                    !value?.trim() || EVM_ADDRESS.test(value.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('payment.refund.toInvalid'))),
                },
              ]}
            >
              <Input autoComplete="off" placeholder="0x…" id="payment-refund-to" />
            </Form.Item>
            <Form.Item
              label={t('payment.refund.amount', { symbol: address.symbol })}
              extra={
                quote ? (
                  <span data-testid="payment-refund-max">
                    {t('payment.refund.maxHint', {
                      max: formatUnits(BigInt(quote.max), quote.decimals),
                      symbol: quote.symbol,
                    })}
                  </span>
                ) : null
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="amount"
                  noStyle
                  rules={[
                    { required: true, whitespace: true, message: t('payment.refund.amountRequired') },
                    {
                      validator: (_rule, value: string | undefined) => {
                        if (!value?.trim()) return Promise.resolve();
                        const units = toSmallestUnit(value, quote?.decimals ?? address.decimals);
                        if (units === null || units <= 0n)
                          return Promise.reject(
                            new Error(t('payment.refund.amountInvalid', { decimals: address.decimals })),
                          );
                        if (max !== null && units > max)
                          return Promise.reject(new Error(t('payment.refund.amountTooMuch')));
                        return Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input inputMode="decimal" autoComplete="off" id="payment-refund-amount" />
                </Form.Item>
                <Button
                  disabled={!quote || max === 0n}
                  onClick={() => {
                    if (!quote) return;
                    form.setFieldValue('amount', formatUnits(BigInt(quote.max), quote.decimals));
                    void form.validateFields(['amount']).catch(() => undefined);
                  }}
                  data-testid="payment-refund-all"
                >
                  {t('payment.refund.max')}
                </Button>
              </Space.Compact>
            </Form.Item>
            <EmailCodeField name="email_code" label={t('payment.emailCode')} category="payment_refund" />
          </Form>
          {error ? (
            <Alert
              type="error"
              showIcon
              data-testid="payment-refund-error"
              message={errorText(error, t('payment.refund.failed'))}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
