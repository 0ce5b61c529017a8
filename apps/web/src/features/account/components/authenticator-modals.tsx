import { useEffect, useState } from 'react';
import { Alert, Form, Input, Skeleton, Typography } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { rules } from '@/lib/validation';
import { useChangeMfa } from '../api/change-mfa';
import { useMfaInfo } from '../api/get-mfa-info';
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
  const info = useMfaInfo(open);
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

/** Reset: an e-mailed code (reset_mfa) removes the bound authenticator. */
export function ResetAuthenticatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ email_code: string }>();
  const change = useChangeMfa();
  const submit = (values: { email_code: string }) =>
    change.mutate(
      { action: 'reset', email_code: values.email_code },
      {
        onSuccess: () => {
          toastSuccess(t('security.authenticator.resetDone'));
          onClose();
        },
      },
    );
  return (
    <FormModal
      open={open}
      title={t('security.authenticator.resetTitle')}
      form={form}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="reset-mfa-modal"
    >
      <Alert
        type="warning"
        showIcon
        message={t('security.authenticator.resetDescription')}
        style={{ marginBottom: 16 }}
      />
      <CodeField name="email_code" label={t('auth:fields.emailCode')} category="reset_mfa" />
    </FormModal>
  );
}
