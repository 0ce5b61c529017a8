import { Form } from 'antd';
import { sendEmailCode } from '@/features/auth';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { showErrorToast } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';

export const CODE_PATTERN = /^\d{6}$/;

/**
 * A pre-signed transfer's broadcast (type 5) takes the broadcaster's e-mailed code (purpose
 * pre_sign_broadcast): its send button and 6-digit input, with the error once the user tried.
 */
export function PreSignCode(props: { value: string; error: boolean; onChange: (value: string) => void }) {
  const { t } = useLazyTranslation('preSign');
  const send = async () => {
    try {
      return (await sendEmailCode({ category: 'pre_sign_broadcast' })).resend_after_seconds;
    } catch (error) {
      void showErrorToast(error);
      throw error;
    }
  };
  return (
    <Form layout="vertical" component="div" style={{ marginTop: 12, maxWidth: 420 }}>
      <Form.Item
        label={t('broadcast.code')}
        required
        extra={t('broadcast.codeHint')}
        validateStatus={props.error ? 'error' : undefined}
        help={props.error ? t('broadcast.codeRequired') : undefined}
        style={{ marginBottom: 0 }}
        data-testid="pre-sign-code"
      >
        <EmailCodeInput
          id="pre-sign-email-code"
          name="email_code"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value.trim())}
          onSend={send}
        />
      </Form.Item>
    </Form>
  );
}
