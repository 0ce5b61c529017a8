import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmailCodeField } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useGeneratePaymentAddress } from '../api/generate-payment-address';
import { errorText } from './payment-bits';

const PLAN_PATH = '/organization/settings?tab=plan';

/** The refusals the dialog explains itself: the plan has no payment feature, or the space has as many as it may. */
const PLAN_CODES = ['PAYMENT_DISABLED_ERROR', 'LIMIT_PAYMENT_ADDRESSES_ERROR'];

/**
 * Creates an EVM payment address (name and an e-mailed code, purpose payment_add). The server
 * makes one key for every EVM chain and keeps it sealed. On the free plan the feature is not
 * offered: the dialog says so and points to the plan instead of a form that would be refused.
 */
export function CreateAddressModal(props: { open: boolean; enabled: boolean; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const [form] = Form.useForm<{ name: string; email_code: string }>();
  const generate = useGeneratePaymentAddress();
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    generate.reset();
    props.onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const created = await generate.mutateAsync({ name: values.name.trim(), email_code: values.email_code });
      toastSuccess(t('payment.create.done', { address: created.address }));
      close();
    } catch (failure) {
      setError(failure);
    }
  };

  const planRefusal = !props.enabled || (isApiError(error) && PLAN_CODES.includes(error.code));
  const upgrade = (
    <Alert
      type="warning"
      showIcon
      data-testid="payment-create-plan"
      message={
        isApiError(error) && PLAN_CODES.includes(error.code) ? error.message : t('payment.create.disabled')
      }
      description={
        <>
          {t('payment.create.upgradeHint')}{' '}
          <Link to={PLAN_PATH} onClick={close} data-testid="payment-create-plan-link">
            {t('payment.create.viewPlan')}
          </Link>
        </>
      }
    />
  );

  return (
    <Modal
      open={props.open}
      title={t('payment.create.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        props.enabled
          ? [
              <Button key="cancel" onClick={close}>
                {t('common:actions.cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                loading={generate.isPending}
                onClick={() => void submit().catch(() => undefined)}
                data-testid="payment-create-submit"
              >
                {t('payment.create.submit')}
              </Button>,
            ]
          : [
              <Button key="ok" type="primary" onClick={close}>
                {t('common:actions.ok')}
              </Button>,
            ]
      }
    >
      <div data-testid="payment-create-modal">
        {props.enabled ? (
          <>
            <Typography.Paragraph type="secondary">{t('payment.create.intro')}</Typography.Paragraph>
            <Form form={form} layout="vertical" requiredMark={false}>
              <Form.Item
                name="name"
                label={t('payment.create.name')}
                rules={[
                  { required: true, whitespace: true, message: t('payment.create.nameRequired') },
                  { max: 50, message: t('payment.create.nameMax', { max: 50 }) },
                ]}
              >
                <Input maxLength={50} autoComplete="off" id="payment-create-name" />
              </Form.Item>
              <EmailCodeField name="email_code" label={t('payment.emailCode')} category="payment_add" />
            </Form>
            {planRefusal ? upgrade : null}
            {error && !planRefusal ? (
              <Alert
                type="error"
                showIcon
                data-testid="payment-create-error"
                message={errorText(error, t('payment.create.failed'))}
              />
            ) : null}
          </>
        ) : (
          upgrade
        )}
      </div>
    </Modal>
  );
}
