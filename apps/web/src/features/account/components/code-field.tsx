import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, type SendCodePurpose } from '@/features/auth';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { showErrorToast } from '@/lib/notify';
import { rules } from '@/lib/validation';

/** An e-mailed code for a signed-in action (bind_mfa, reset_password, …) with its send button. */
export function CodeField(props: {
  name: string;
  label: string;
  category: SendCodePurpose;
  /** For edit_new_email: resolves the address to send to (validating the field first). */
  email?: () => Promise<string>;
  hint?: string;
}) {
  const { t } = useTranslation();
  const send = async () => {
    try {
      const email = props.email ? await props.email() : undefined;
      return (await sendEmailCode({ category: props.category, email })).resend_after_seconds;
    } catch (error) {
      void showErrorToast(error);
      throw error;
    }
  };
  return (
    <Form.Item name={props.name} label={props.label} rules={rules(t).emailCode}>
      <EmailCodeInput onSend={send} sentHint={props.hint} name={props.name} />
    </Form.Item>
  );
}
