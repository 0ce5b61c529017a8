import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import { toastSuccess } from '@/lib/notify';
import { rules, trimStart } from '@/lib/validation';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useSetAntiPhishingCode } from '../api/set-anti-phishing-code';
import { CodeField } from './code-field';
import { FormModal } from './form-modal';

interface ModalProps {
  open: boolean;
  onClose: () => void;
}

/** Change password: current password, new password twice, code (reset_password). */
export function ChangePasswordModal({ open, onClose }: ModalProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{
    old_password: string;
    password: string;
    confirm: string;
    email_code: string;
  }>();
  const change = useChangePassword();
  const r = rules(t);
  return (
    <FormModal
      open={open}
      title={t('security.password.title')}
      form={form}
      busy={change.isPending}
      onClose={onClose}
      testId="change-password-modal"
      onSubmit={({ old_password, password, email_code }) =>
        change.mutate(
          { old_password, password, email_code },
          { onSuccess: () => (toastSuccess(t('security.password.done')), onClose()) },
        )
      }
    >
      <Form.Item name="old_password" label={t('security.password.old')} rules={r.loginPassword}>
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('security.password.new')}
        rules={r.newPassword}
        validateTrigger="onChange"
      >
        <PasswordInput />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('security.password.confirm')}
        rules={r.confirmPassword()}
        dependencies={['password']}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <CodeField name="email_code" label={t('auth:fields.emailCode')} category="reset_password" />
    </FormModal>
  );
}

/** Change e-mail: a code to the current address (edit_email), the new address and its code (edit_new_email). */
export function ChangeEmailModal({ open, onClose, currentEmail }: ModalProps & { currentEmail: string }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ email: string; email_code: string; new_email_code: string }>();
  const change = useChangeEmail();
  const newEmail = async () => (await form.validateFields(['email'])).email.trim();
  const watchedEmail = Form.useWatch('email', form);
  return (
    <FormModal
      open={open}
      title={t('security.email.title')}
      form={form}
      busy={change.isPending}
      onClose={onClose}
      testId="change-email-modal"
      onSubmit={(values) =>
        change.mutate(
          { ...values, email: values.email.trim() },
          { onSuccess: () => (toastSuccess(t('security.email.done')), onClose()) },
        )
      }
    >
      <CodeField
        name="email_code"
        label={t('security.email.oldCode')}
        category="edit_email"
        hint={t('security.emailCodeFor', { email: currentEmail })}
      />
      <Form.Item
        name="email"
        label={t('security.email.newEmail')}
        rules={rules(t).email}
        getValueFromEvent={trimStart}
      >
        <Input inputMode="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <CodeField
        name="new_email_code"
        label={t('security.email.newCode')}
        category="edit_new_email"
        email={newEmail}
        hint={t('common:emailCode.sentIfDeliverable', { email: watchedEmail?.trim() ?? '' })}
      />
    </FormModal>
  );
}

/** Anti-phishing code (edit_anti_fishing): 4–20 letters, digits, _ or -. */
export function AntiPhishingModal({ open, onClose, current }: ModalProps & { current: string | null }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ code: string; email_code: string }>();
  const change = useSetAntiPhishingCode();
  return (
    <FormModal
      open={open}
      title={t('security.antiPhishing.title')}
      form={form}
      busy={change.isPending}
      onClose={onClose}
      testId="anti-phishing-modal"
      onSubmit={(values) =>
        change.mutate(
          { ...values, code: values.code.trim() },
          { onSuccess: () => (toastSuccess(t('security.antiPhishing.done')), onClose()) },
        )
      }
    >
      <p style={{ color: 'rgba(0,0,0,0.6)' }}>{t('security.antiPhishing.description')}</p>
      <Form.Item
        name="code"
        label={t('security.antiPhishing.code')}
        initialValue={current ?? ''}
        rules={[
          {
            required: true,
            pattern: /^[\p{L}\p{N}_-]{4,20}$/u,
            message: t('common:validation.antiPhishingFormat'),
          },
        ]}
      >
        <Input placeholder={t('security.antiPhishing.placeholder')} maxLength={20} />
      </Form.Item>
      <CodeField name="email_code" label={t('auth:fields.emailCode')} category="edit_anti_fishing" />
    </FormModal>
  );
}
