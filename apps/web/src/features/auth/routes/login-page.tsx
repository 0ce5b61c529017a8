import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Form } from 'antd';
import { PasswordField, TextInput } from '@/components/ui/input';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { rules, trimStart } from '@/lib/validation';
import { login, type LoginReply } from '../api/login';
import { logout } from '../api/logout';
import { useCaptchaGate } from '../components/use-captcha-gate';
import { confirmOtherDeviceLogin } from '../components/other-device-confirm';
import { pendingSecondFactor, resetLoginErrors, type FromState } from '../login-session';

interface LoginValues {
  email: string;
  password: string;
}

/** /login (§2, §4 Login): password check behind the image captcha, then the second factor. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const gate = useCaptchaGate();
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const r = rules(t);

  const goToSecondFactor = (reply: LoginReply, email: string) => {
    const kind = pendingSecondFactor() ?? reply.second_factor;
    const state: FromState = { from: (location.state as FromState | null)?.from, email };
    void navigate(kind === 'totp' ? '/login/mfa' : '/login/email', { state });
  };

  const onFinish = async ({ email, password }: LoginValues) => {
    setBusy(true);
    try {
      const address = email.trim();
      const reply = await gate.run('login', address, () => login({ email: address, password }));
      resetLoginErrors();
      if (reply.other_device_login && !(await confirmOtherDeviceLogin(t))) {
        await logout().catch(() => undefined);
        return;
      }
      goToSecondFactor(reply, address);
    } catch (error) {
      // A wrong password is said under the password too, where the eye already is.
      if (isApiError(error, 'UCS_USER_PASSWORD_MISTAKE'))
        form.setFields([{ name: 'password', errors: [error.message] }]);
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="login-page">
      <h2 className="ks-auth-title">{t('auth:login.title')}</h2>
      <p className="ks-auth-subtitle">{t('auth:login.subtitle')}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        validateTrigger="onSubmit"
        size="large"
      >
        <Form.Item name="email" label={t('auth:fields.email')} rules={r.email} getValueFromEvent={trimStart}>
          <TextInput
            inputMode="email"
            autoComplete="username"
            placeholder={t('auth:fields.emailPlaceholder')}
            maxLength={254}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth:fields.password')}
          rules={r.loginPassword}
          style={{ marginBottom: 8 }}
        >
          <PasswordField
            autoComplete="current-password"
            placeholder={t('auth:fields.passwordPlaceholder')}
            maxLength={128}
          />
        </Form.Item>
        <div style={{ textAlign: 'right', marginBottom: 20 }}>
          <Link to="/forgot-password">{t('auth:login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('auth:login.submit')}
        </Button>
      </Form>
      <p className="ks-auth-footer">
        {t('auth:login.noAccount')} <Link to="/register">{t('auth:login.register')}</Link>
      </p>
      {gate.modal}
    </div>
  );
}
