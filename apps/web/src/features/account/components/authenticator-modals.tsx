import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { rules } from '@/lib/validation';
import { useChangeMfa } from '../api/change-mfa';
import { useMfaInfo, useMfaSecret } from '../api/get-mfa-info';
import { CodeField } from './code-field';
import { FormModal } from './form-modal';

function useQrDataUrl(text: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let alive = true;
    void QRCode.toDataURL(text, { width: 200, margin: 1 }).then((value) => alive && setUrl(value));
    return () => {
      alive = false;
    };
  }, [text]);
  return text ? url : null;
}

/** Bind: scan the otpauth URI (QR or key), then the app's code and an e-mailed code (bind_mfa). */
export function BindAuthenticatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ mfa_code: string; email_code: string }>();
  const info = useMfaSecret(open);
  const qr = useQrDataUrl(info.data?.otpauth_uri);
  const change = useChangeMfa();
  const submit = (values: { mfa_code: string; email_code: string }) =>
    change.mutate(
      { action: 'bind', ...values },
      {
        onSuccess: () => {
          toastSuccess(t('security.authenticator.boundDone'));
          onClose();
        },
      },
    );
  return (
    <FormModal
      open={open}
      title={t('security.authenticator.bindTitle')}
      form={form}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="bind-mfa-modal"
    >
      <p>{t('security.authenticator.scan')}</p>
      {info.isPending ? (
        <Skeleton.Image active style={{ width: 200, height: 200 }} />
      ) : (
        <div style={{ textAlign: 'center' }}>
          {qr || info.data?.qr_code ? (
            <img
              src={qr ?? info.data?.qr_code ?? undefined}
              width={200}
              height={200}
              alt="otpauth QR"
              data-testid="mfa-qr"
            />
          ) : null}
          {info.data?.secret ? (
            <div style={{ marginTop: 8 }}>
              {t('security.authenticator.key')}:{' '}
              <Typography.Text code copyable data-testid="mfa-secret">
                {info.data.secret}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      )}
      <p style={{ marginTop: 16 }}>{t('security.authenticator.enter')}</p>
      <Form.Item name="mfa_code" label={t('auth:fields.mfaCode')} rules={rules(t).mfaCode}>
        <Input
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          placeholder="000000"
          name="mfa_code"
        />
      </Form.Item>
      <CodeField name="email_code" label={t('auth:fields.emailCode')} category="bind_mfa" />
    </FormModal>
  );
}

type ResetValues = { mfa_code?: string; password?: string; email_code?: string };

/**
 * Reset: the current authenticator code and an e-mailed code (reset_mfa) remove it at once. When
 * the authenticator is lost: the password and an e-mailed code start a 48-hour wait (mailed to
 * the account); after it, the password completes the removal. A waiting removal can be cancelled.
 */
export function ResetAuthenticatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<ResetValues>();
  const [lost, setLost] = useState(false);
  const info = useMfaInfo(open);
  const change = useChangeMfa();
  const waitingUntil = info.data?.reset_available_at ? new Date(info.data.reset_available_at) : null;
  const waitOver = waitingUntil !== null && waitingUntil.getTime() <= Date.now();
  const close = () => {
    setLost(false);
    onClose();
  };
  const submit = (values: ResetValues) => {
    const body = waitingUntil
      ? { action: 'reset_complete' as const, password: values.password ?? '' }
      : lost
        ? {
            action: 'reset_lost' as const,
            password: values.password ?? '',
            email_code: values.email_code ?? '',
          }
        : { action: 'reset' as const, mfa_code: values.mfa_code ?? '', email_code: values.email_code ?? '' };
    change.mutate(body, {
      onSuccess: (reply) => {
        if (reply.bound) toastSuccess(t('security.authenticator.resetRequested'));
        else {
          toastSuccess(t('security.authenticator.resetDone'));
          close();
        }
      },
    });
  };
  const cancelWait = () =>
    change.mutate(
      { action: 'reset_cancel' },
      { onSuccess: () => toastSuccess(t('security.authenticator.resetCancelled')) },
    );
  const passwordField = (
    <Form.Item
      name="password"
      label={t('security.password.old')}
      rules={[{ required: true, message: t('common:validation.passwordRequiredError') }]}
    >
      <Input.Password autoComplete="current-password" maxLength={128} name="password" />
    </Form.Item>
  );
  return (
    <FormModal
      open={open}
      title={t('security.authenticator.resetTitle')}
      form={form}
      busy={change.isPending}
      onSubmit={submit}
      onClose={close}
      testId="reset-mfa-modal"
    >
      <Alert
        type="warning"
        showIcon
        message={t('security.authenticator.resetDescription')}
        style={{ marginBottom: 16 }}
      />
      {waitingUntil ? (
        <>
          <Alert
            type="info"
            showIcon
            data-testid="mfa-reset-waiting"
            message={t(
              waitOver ? 'security.authenticator.resetReady' : 'security.authenticator.resetWaiting',
              {
                time: waitingUntil.toLocaleString(),
              },
            )}
            style={{ marginBottom: 16 }}
          />
          {waitOver ? passwordField : null}
          <Button onClick={cancelWait} disabled={change.isPending} data-testid="mfa-reset-cancel">
            {t('security.authenticator.resetCancel')}
          </Button>
        </>
      ) : lost ? (
        <>
          <p>{t('security.authenticator.lostDescription')}</p>
          {passwordField}
          <CodeField name="email_code" label={t('auth:fields.emailCode')} category="reset_mfa" />
        </>
      ) : (
        <>
          <Form.Item name="mfa_code" label={t('auth:fields.mfaCode')} rules={rules(t).mfaCode}>
            <Input
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder="000000"
              name="mfa_code"
            />
          </Form.Item>
          <CodeField name="email_code" label={t('auth:fields.emailCode')} category="reset_mfa" />
          <Space>
            <Button type="link" onClick={() => setLost(true)} data-testid="mfa-lost" style={{ padding: 0 }}>
              {t('security.authenticator.lost')}
            </Button>
          </Space>
        </>
      )}
    </FormModal>
  );
}
