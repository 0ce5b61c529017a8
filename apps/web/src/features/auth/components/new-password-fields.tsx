import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import { rules } from '@/lib/validation';

/** New password (with the live rules popover) and its confirmation: registration and reset. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  const r = rules(t);
  return (
    <>
      <Form.Item
        name="password"
        label={t('auth:fields.password')}
        rules={r.newPassword}
        validateTrigger="onChange"
      >
        <PasswordInput placeholder={t('auth:fields.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth:fields.confirmPassword')}
        rules={r.confirmPassword()}
        dependencies={['password']}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('auth:fields.confirmPasswordPlaceholder')}
          maxLength={128}
        />
      </Form.Item>
    </>
  );
}
