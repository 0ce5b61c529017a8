import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { fetchUserBaseInfo } from '@/features/account';
import { useWebConfig } from '@/features/platform';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { guideForRole, startGuide } from '@/lib/guide';
import { selectSpace } from '@/lib/space';
import { rules, trimStart } from '@/lib/validation';
import { inviteRegister, register } from '../api/register';
import { sendEmailCode } from '../api/send-email-code';
import { NewPasswordFields } from './new-password-fields';
import { useCaptchaGate } from './use-captcha-gate';

interface RegisterValues {
  email: string;
  email_code: string;
  password: string;
  confirm: string;
  invite_token?: string;
}

export interface RegisterCardProps {
  /** Invitation variant: the invited address, shown and not editable. */
  email?: string;
  /** Invitation variant: the organisation invite token (switches to the invitation title and call). */
  inviteToken?: string;
  /** The inviting organisation; after registering it becomes the selected space. */
  organizationId?: string | number;
  /** Invitation variant: the space's name, shown in the subtitle. */
  organizationName?: string;
  /** Invitation variant: the role given; admins get the "create" tour, others the "invite" tour. */
  inviteRole?: number;
}

/**
 * §2/§4 Register as a reusable card: the normal /register form, or the invitation variant when an
 * invite token is given (different title, e-mail pre-filled and disabled, no invite code field).
 */
export function RegisterCard({
  email,
  inviteToken,
  organizationId,
  organizationName,
  inviteRole,
}: RegisterCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const gate = useCaptchaGate();
  const config = useWebConfig();
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const watchedEmail = Form.useWatch('email', form) as string | undefined;
  const r = rules(t);
  const invited = Boolean(inviteToken);
  const needsInviteCode = Boolean(config.data?.require_invite) && !invited;
  const category = invited ? 'invite_register' : 'register';

  const sendCode = async () => {
    const address = (await form.validateFields(['email'])).email.trim();
    try {
      const reply = await gate.run(category, invited ? undefined : address, () =>
        sendEmailCode(
          invited && inviteToken ? { category, org_invite_token: inviteToken } : { category, email: address },
        ),
      );
      return reply.resend_after_seconds;
    } catch (error) {
      void showErrorToast(error);
      throw error;
    }
  };

  const onFinish = async (values: RegisterValues) => {
    setBusy(true);
    try {
      const address = values.email.trim();
      if (inviteToken) {
        await inviteRegister({
          email: address,
          email_code: values.email_code,
          password: values.password,
          org_invite_token: inviteToken,
        });
      } else {
        await register({
          email: address,
          email_code: values.email_code,
          password: values.password,
          invite_token: needsInviteCode ? values.invite_token?.trim() : undefined,
        });
      }
      client.removeQueries({ queryKey: ['account'] });
      await fetchUserBaseInfo();
      toastSuccess(t('auth:register.success'));
      if (organizationId !== undefined) {
        selectSpace(organizationId);
        startGuide(guideForRole(inviteRole ?? 0));
        await navigate('/wallet', { replace: true });
      } else {
        await navigate('/organization', { replace: true, state: { login: true } });
      }
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid={invited ? 'invite-register-card' : 'register-card'}>
      <h2 className="ks-auth-title">{t(invited ? 'auth:register.inviteTitle' : 'auth:register.title')}</h2>
      <p className="ks-auth-subtitle">
        {invited && organizationName
          ? t('auth:register.inviteSubtitleSpace', { email, space: organizationName })
          : t(invited ? 'auth:register.inviteSubtitle' : 'auth:register.subtitle')}
      </p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ email }}
        size="large"
      >
        <Form.Item name="email" label={t('auth:fields.email')} rules={r.email} getValueFromEvent={trimStart}>
          <Input
            inputMode="email"
            autoComplete="email"
            placeholder={t('auth:fields.emailPlaceholder')}
            disabled={invited && Boolean(email)}
            maxLength={254}
          />
        </Form.Item>
        <Form.Item name="email_code" label={t('auth:fields.emailCode')} rules={r.emailCode}>
          <EmailCodeInput
            onSend={sendCode}
            sentHint={watchedEmail ? t('common:emailCode.sent', { email: watchedEmail }) : undefined}
          />
        </Form.Item>
        <NewPasswordFields />
        {needsInviteCode ? (
          <Form.Item
            name="invite_token"
            label={t('auth:fields.inviteCode')}
            rules={r.inviteCode}
            getValueFromEvent={trimStart}
          >
            <Input placeholder={t('auth:fields.inviteCodePlaceholder')} maxLength={16} autoComplete="off" />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('auth:register.submit')}
        </Button>
      </Form>
      <p className="ks-auth-footer">
        {t('auth:register.haveAccount')} <Link to="/login">{t('auth:register.login')}</Link>
      </p>
      {gate.modal}
    </div>
  );
}
