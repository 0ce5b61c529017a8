import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toast } from '@/lib/notify';
import { rules } from '@/lib/validation';
import { sendEmailCode } from '../api/send-email-code';
import { verifyCode } from '../api/verify-code';
import {
  MAX_CODE_ATTEMPTS,
  abandonPendingLogin,
  finishLogin,
  pendingSecondFactor,
  recordLoginError,
  type FromState,
} from '../login-session';

/** Codes meaning the pending login is gone: start again at /login. */
const LOGIN_GONE = new Set([
  'UCS_USER_AUTHENTICATION',
  'LOGIN_EXPIRED_ERROR',
  'AUTHENTICATION_ATTEMPTS_EXCEEDED_ERROR',
]);

/** The second check of §4 Login: an e-mailed code or an authenticator code, three tries at most. */
export function SecondFactorForm({ kind }: { kind: 'email' | 'totp' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const [remaining, setRemaining] = useState<number | null>(null);
  const r = rules(t);
  const email = (location.state as FromState | null)?.email;
  // Read once: the cookie goes away when the login completes, which must not bounce back to /login.
  const [pending] = useState(pendingSecondFactor);

  // Failure to know the pending step counts as not verified (§4).
  if (!pending) return <Navigate to="/login" replace state={location.state} />;

  const backToLogin = (message: string) => {
    abandonPendingLogin();
    toast('warning', t('errors:title.Alert'), message);
    void navigate('/login', { replace: true, state: { from: (location.state as FromState | null)?.from } });
  };

  const onFinish = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      await verifyCode(
        kind === 'email' ? { category: 'login', email_code: code } : { category: 'login', mfa_code: code },
      );
      await finishLogin(navigate, location.state);
      toast('success', t('common:toast.success'), t('auth:loggedIn'));
    } catch (error) {
      if (isApiError(error, 'AUTHENTICATION_CODE_ERROR')) {
        const count = recordLoginError();
        const left =
          (error.data as { remaining_attempts?: number } | null)?.remaining_attempts ??
          MAX_CODE_ATTEMPTS - count;
        if (count >= MAX_CODE_ATTEMPTS || left <= 0) return backToLogin(t('auth:secondFactor.tooMany'));
        setRemaining(left);
        // The wrong code is said under the code field, not only in a toast.
        form.setFields([{ name: 'code', value: '', errors: [error.message] }]);
        void showErrorToast(error);
      } else if (isApiError(error) && LOGIN_GONE.has(error.code)) {
        backToLogin(error.message);
      } else {
        void showErrorToast(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const ns = kind === 'email' ? 'loginEmail' : 'loginMfa';
  return (
    <div data-testid={kind === 'email' ? 'login-email-page' : 'login-mfa-page'}>
      <h2 className="ks-auth-title">{t(`auth:${ns}.title`)}</h2>
      <p className="ks-auth-subtitle">{t(`auth:${ns}.description`)}</p>
      {remaining !== null ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('auth:secondFactor.remaining', { count: remaining })}
          data-testid="attempts-left"
        />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        {kind === 'email' ? (
          <Form.Item name="code" label={t('auth:fields.emailCode')} rules={r.emailCode}>
            <EmailCodeInput
              autoSend
              onSend={async () =>
                (
                  await sendEmailCode({ category: 'login' }).catch((e: unknown) => {
                    void showErrorToast(e);
                    throw e;
                  })
                ).resend_after_seconds
              }
              sentHint={email ? t('common:emailCode.sent', { email }) : undefined}
            />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t('auth:fields.mfaCode')} rules={r.mfaCode}>
            <Input
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder="000000"
              autoFocus
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="second-factor-submit">
          {t(`auth:${ns}.submit`)}
        </Button>
      </Form>
      <p className="ks-auth-footer">
        <Link to="/login" onClick={() => abandonPendingLogin()}>
          {t('auth:secondFactor.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
