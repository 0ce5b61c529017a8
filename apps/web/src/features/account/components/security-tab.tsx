import { useState, type ReactNode } from 'react';
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserBaseInfo } from '../api/get-user-base-info';
import { BindAuthenticatorModal, ResetAuthenticatorModal } from './authenticator-modals';
import { AntiPhishingModal, ChangeEmailModal, ChangePasswordModal } from './credential-modals';

type Dialog = 'bind' | 'reset' | 'password' | 'email' | 'antiPhishing' | null;

function Row(props: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <List.Item actions={[props.action]} data-testid={props.testId}>
      <List.Item.Meta
        avatar={<span style={{ fontSize: 22, color: '#1f4fd1' }}>{props.icon}</span>}
        title={props.title}
        description={props.description}
      />
    </List.Item>
  );
}

/** Account security: authenticator, login password, e-mail address, anti-phishing code. */
export function SecurityTab({ user }: { user: UserBaseInfo }) {
  const { t } = useTranslation('account');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Card>
      <List itemLayout="horizontal" className="ks-security-list">
        <Row
          testId="security-authenticator"
          icon={<MobileOutlined />}
          title={t('security.authenticator.title')}
          description={
            <Space direction="vertical" size={4}>
              <span>{t('security.authenticator.description')}</span>
              {user.mfa_bound ? (
                <Tag color="green">{t('security.authenticator.bound')}</Tag>
              ) : (
                <Tag>{t('security.authenticator.unbound')}</Tag>
              )}
            </Space>
          }
          action={
            user.mfa_bound ? (
              <Button onClick={() => setDialog('reset')}>{t('security.authenticator.reset')}</Button>
            ) : (
              <Button type="primary" onClick={() => setDialog('bind')} data-testid="bind-mfa">
                {t('security.authenticator.bind')}
              </Button>
            )
          }
        />
        <Row
          testId="security-password"
          icon={<LockOutlined />}
          title={t('security.password.title')}
          description={t('security.password.description')}
          action={<Button onClick={() => setDialog('password')}>{t('security.password.change')}</Button>}
        />
        <Row
          testId="security-email"
          icon={<MailOutlined />}
          title={t('security.email.title')}
          description={<Typography.Text>{user.email}</Typography.Text>}
          action={<Button onClick={() => setDialog('email')}>{t('security.email.change')}</Button>}
        />
        <Row
          testId="security-anti-phishing"
          icon={<SafetyOutlined />}
          title={t('security.antiPhishing.title')}
          description={
            <Space direction="vertical" size={4}>
              <span>{t('security.antiPhishing.description')}</span>
              {user.anti_phishing_code ? (
                <Typography.Text code>{user.anti_phishing_code}</Typography.Text>
              ) : (
                <Tag>{t('security.antiPhishing.notSet')}</Tag>
              )}
            </Space>
          }
          action={
            <Button onClick={() => setDialog('antiPhishing')}>
              {t(user.anti_phishing_code ? 'security.antiPhishing.change' : 'security.antiPhishing.set')}
            </Button>
          }
        />
      </List>
      <BindAuthenticatorModal open={dialog === 'bind'} onClose={close} />
      <ResetAuthenticatorModal open={dialog === 'reset'} onClose={close} />
      <ChangePasswordModal open={dialog === 'password'} onClose={close} />
      <ChangeEmailModal open={dialog === 'email'} onClose={close} currentEmail={user.email} />
      <AntiPhishingModal open={dialog === 'antiPhishing'} onClose={close} current={user.anti_phishing_code} />
    </Card>
  );
}
