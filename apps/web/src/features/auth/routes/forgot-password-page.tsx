import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { showErrorToast } from '@/lib/notify';
import { rules, trimStart } from '@/lib/validation';
import { sendEmailCode } from '../api/send-email-code';
import { verifyCode } from '../api/verify-code';
import { useCaptchaGate } from '../components/use-captcha-gate';

interface Values {
  email: string;
  email_code: string;
}

/** /forgot-password: e-mail and an e-mailed code (sent behind the image captcha). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useCaptchaGate();
  const [form] = Form.useForm<Values>();
  const email = Form.useWatch('email', form) as string | undefined;
  const [busy, setBusy] = useState(false);
  const r = rules(t);

  const sendCode = async () => {
    const address = (await form.validateFields(['email'])).email.trim();
    try {
      const reply = await gate.run('forget_password', address, () =>
        sendEmailCode({ category: 'forget_password', email: address }),
      );
      return reply.resend_after_seconds;
    } catch (error) {
      void showErrorToast(error);
      throw error;
    }
  };

  const onFinish = async (values: Values) => {
    setBusy(true);
    try {
      const address = values.email.trim();
      const reply = await verifyCode({
        category: 'forget_password',
        email: address,
        email_code: values.email_code,
      });
      const next = reply.next === 'mfa' ? '/forgot-password/mfa' : '/forgot-password/new-password';
      await navigate(next, { state: { email: address, step: reply.next } });
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="forgot-password-page">
      <h2 className="ks-auth-title">{t('auth:forgot.title')}</h2>
      <p className="ks-auth-subtitle">{t('auth:forgot.description')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item name="email" label={t('auth:fields.email')} rules={r.email} getValueFromEvent={trimStart}>
          <Input
            inputMode="email"
            autoComplete="username"
            placeholder={t('auth:fields.emailPlaceholder')}
            maxLength={254}
          />
        </Form.Item>
        <Form.Item name="email_code" label={t('auth:fields.emailCode')} rules={r.emailCode}>
          <EmailCodeInput
            onSend={sendCode}
            sentHint={email ? t('common:emailCode.sentIfDeliverable', { email }) : undefined}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="forgot-submit">
          {t('auth:forgot.submit')}
        </Button>
      </Form>
      <p className="ks-auth-footer">
        <Link to="/login">{t('auth:forgot.backToLogin')}</Link>
      </p>
      {gate.modal}
    </div>
  );
}
