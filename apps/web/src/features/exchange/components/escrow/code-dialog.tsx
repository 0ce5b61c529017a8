import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { SendCodePurpose } from '@/features/auth';
import { EmailCodeField } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { useLazyTranslation } from '@/lib/use-namespace';

/**
 * A change that needs an e-mailed code (risk_control, exchange_api_key, exchange_settings): the
 * change's own fields, the code with its send button, and the server's refusal beside them.
 */
export function CodeDialog<T extends { email_code: string }>(props: {
  open: boolean;
  title: string;
  purpose: SendCodePurpose;
  form: FormInstance<T>;
  okText: string;
  danger?: boolean;
  width?: number;
  testId: string;
  initialValues?: Partial<T>;
  onCancel: () => void;
  /** Sends the change; a rejection is shown in the dialog, which stays open. */
  onSubmit: (values: T) => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useLazyTranslation('exchange');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await props.form.validateFields();
    setError(null);
    setBusy(true);
    try {
      await props.onSubmit({ ...props.form.getFieldsValue(true), ...values });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setError(null);
    props.onCancel();
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={cancel}
      onOk={() => void submit().catch(() => undefined)}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, 'data-testid': `${props.testId}-submit` } as never}
      confirmLoading={busy}
      width={props.width}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid={props.testId}>
        <Form
          form={props.form}
          layout="vertical"
          requiredMark={false}
          initialValues={props.initialValues}
          onValuesChange={() => setError(null)}
        >
          {props.children}
          <EmailCodeField name="email_code" label={t('escrow.emailCode')} category={props.purpose} />
        </Form>
        {error ? (
          <Alert
            type="error"
            showIcon
            data-testid={`${props.testId}-error`}
            message={isApiError(error) && !error.isNetwork ? error.message : t('check.networkFailed')}
          />
        ) : null}
      </div>
    </Modal>
  );
}
