import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { rules } from '@/lib/validation';
import { forgetPassword } from '../api/forget-password';

/** /forgot-password/new-password: the new password, then back to /login. */
export default function ForgotPasswordNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const r = rules(t);
  const state = location.state as { email?: string } | null;
  if (!state?.email) return <Navigate to="/forgot-password" replace />;

  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await forgetPassword({ password });
      toastSuccess(t('auth:forgot.success'));
      await navigate('/login', { replace: true });
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="forgot-password-new-page">
      <h2 className="ks-auth-title">{t('auth:forgot.newTitle')}</h2>
      <p className="ks-auth-subtitle">{t('auth:forgot.newDescription')}</p>
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
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
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="forgot-new-submit">
          {t('auth:forgot.newSubmit')}
        </Button>
      </Form>
      <p className="ks-auth-footer">
        <Link to="/login">{t('auth:forgot.backToLogin')}</Link>
      </p>
    </div>
  );
}
