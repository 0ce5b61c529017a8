import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { forgetPassword } from '../api/forget-password';
import { NewPasswordFields } from '../components/new-password-fields';

/** /forgot-password/new-password: the new password, then back to /login. */
export default function ForgotPasswordNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
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
        <NewPasswordFields />
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
