import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '@/lib/notify';
import { rules } from '@/lib/validation';
import { verifyCode } from '../api/verify-code';

/** /forgot-password/mfa: the authenticator code, when the account has one bound. */
export default function ForgotPasswordMfaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const state = location.state as { email?: string } | null;
  if (!state?.email) return <Navigate to="/forgot-password" replace />;

  const onFinish = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      await verifyCode({ category: 'forget_password', mfa_code: code });
      await navigate('/forgot-password/new-password', {
        state: { email: state.email, step: 'new_password' },
      });
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="forgot-password-mfa-page">
      <h2 className="ks-auth-title">{t('auth:forgot.mfaTitle')}</h2>
      <p className="ks-auth-subtitle">{t('auth:forgot.mfaDescription')}</p>
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item name="code" label={t('auth:fields.mfaCode')} rules={rules(t).mfaCode}>
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder="000000"
            autoFocus
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="forgot-mfa-submit">
          {t('auth:forgot.submit')}
        </Button>
      </Form>
      <p className="ks-auth-footer">
        <Link to="/login">{t('auth:forgot.backToLogin')}</Link>
      </p>
    </div>
  );
}
