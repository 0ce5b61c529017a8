import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, type SendCodePurpose } from '@/features/auth';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { showErrorToast } from '@/lib/notify';
import { rules } from '@/lib/validation';

/** An e-mailed 6-digit code for a signed-in action (wallet_archive, permission_address_delete). */
export function EmailCodeField(props: { name: string; label: string; category: SendCodePurpose }) {
  const { t } = useTranslation();
  const send = async () => {
    try {
      return (await sendEmailCode({ category: props.category })).resend_after_seconds;
    } catch (error) {
      void showErrorToast(error);
      throw error;
    }
  };
  return (
    <Form.Item name={props.name} label={props.label} rules={rules(t).emailCode}>
      <EmailCodeInput onSend={send} name={props.name} id={props.name} />
    </Form.Item>
  );
}
