import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space as Stack, Tag } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { clearStoredUser, useStoredUser } from '@/lib/session';
import { clearSelectedSpace, selectSpace } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useInviteInfo } from '../api/get-invite-info';
import { useJoinOrganization } from '../api/join-organization';

const COUNTDOWN_SECONDS = 5;

/**
 * /organization/invite-confirm?token=: the invitation (space, inviter, role). Signed in as the
 * invited account → accept, select the space, count down to /wallet. Signed in as someone else →
 * say so and offer to switch accounts. Not signed in → /login (registered) or the invitation
 * variant of /register (not registered).
 */
export default function InviteConfirmPage() {
  const { t } = useLazyTranslation('spaces');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useStoredUser();
  const info = useInviteInfo(token);
  const join = useJoinOrganization();
  const [seconds, setSeconds] = useState<number | null>(null);

  useEffect(() => {
    if (seconds === null) return;
    if (seconds <= 0) {
      void navigate('/wallet', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, navigate]);

  const back = {
    pathname: '/organization/invite-confirm',
    search: `?token=${encodeURIComponent(token)}`,
    hash: '',
  };
  if (!user && !token) return <Navigate to="/login" replace state={{ from: back }} />;
  if (!user && info.data && info.data.status === 'pending') {
    if (info.data.registered)
      return <Navigate to="/login" replace state={{ from: back, email: info.data.email }} />;
    return (
      <Navigate
        to="/register"
        replace
        state={{
          email: info.data.email,
          org_invite_token: token,
          organization_id: info.data.organization_id,
          organization_name: info.data.organization_name,
          role: info.data.role,
        }}
      />
    );
  }

  const switchAccount = async (email: string) => {
    await logout().catch(() => undefined);
    clearStoredUser('logout');
    clearSelectedSpace();
    client.clear();
    await navigate('/login', { replace: true, state: { from: back, email } });
  };

  const accept = () =>
    join.mutate(token, {
      onSuccess: async (reply) => {
        selectSpace(reply.organization_id);
        await client.invalidateQueries({ queryKey: ['organization'] });
        toastSuccess(t('invite.joined', { space: info.data?.organization_name ?? '' }));
        setSeconds(COUNTDOWN_SECONDS);
      },
      onError: (error) => {
        if (!isApiError(error, 'PERMISSION_INVITEE_MISMATCH_ERROR')) void showErrorToast(error);
        void info.refetch();
      },
    });

  const frame = (children: React.ReactNode) => (
    <div style={{ maxWidth: 560, margin: '0 auto' }} data-testid="invite-confirm-page">
      <Card title={t('invite.title')}>{children}</Card>
    </div>
  );

  if (!token) return frame(<Result status="info" subTitle={t('invite.noToken')} />);
  if (info.isPending) return frame(<Skeleton active />);
  if (info.isError)
    return frame(
      <Result
        status="warning"
        subTitle={
          isApiError(info.error, 'INVITATION_NOT_FOUND_ERROR') ? t('invite.notFound') : info.error.message
        }
        extra={
          user ? <Button onClick={() => void navigate('/organization')}>{t('invite.home')}</Button> : null
        }
      />,
    );

  const data = info.data;
  const role = t(`roles.${data.role}`);
  const mismatch = Boolean(user) && user!.email.toLowerCase() !== data.email.toLowerCase();
  const serverMismatch = isApiError(join.error, 'PERMISSION_INVITEE_MISMATCH_ERROR');

  if (seconds !== null)
    return frame(
      <Result
        status="success"
        title={t('invite.joined', { space: data.organization_name })}
        subTitle={<span data-testid="invite-countdown">{t('invite.countdown', { seconds })}</span>}
        extra={
          <Button type="primary" onClick={() => void navigate('/wallet', { replace: true })}>
            {t('invite.goNow')}
          </Button>
        }
      />,
    );

  return frame(
    <Stack direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        icon={<MailOutlined />}
        message={t('invite.text', {
          inviter: data.inviter_name ?? t('common:dash'),
          email: data.email,
          space: data.organization_name,
          role,
        })}
      />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('invite.space')}>{data.organization_name}</Descriptions.Item>
        <Descriptions.Item label={t('invite.inviter')}>
          {data.inviter_name ?? t('common:dash')}
        </Descriptions.Item>
        <Descriptions.Item label={t('invite.email')}>{data.email}</Descriptions.Item>
        <Descriptions.Item label={t('invite.role')}>{role}</Descriptions.Item>
        <Descriptions.Item label={t('invite.status')}>
          <Tag data-testid="invite-status">
            {t(`members.statuses.${data.status}`, { defaultValue: data.status })}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
      {data.status === 'expired' ? (
        <Alert type="warning" showIcon message={t('invite.expired')} data-testid="invite-expired" />
      ) : data.status !== 'pending' ? (
        <Alert type="warning" showIcon message={t('invite.used', { status: data.status })} />
      ) : mismatch || serverMismatch ? (
        <Alert
          type="error"
          showIcon
          data-testid="invite-mismatch"
          message={t('invite.mismatch', { email: data.email, current: user?.email ?? '' })}
          action={
            <Button size="small" onClick={() => void switchAccount(data.email)} data-testid="invite-switch">
              {t('invite.switchAccount', { email: data.email })}
            </Button>
          }
          style={{ flexWrap: 'wrap', rowGap: 8 }}
        />
      ) : (
        <Button
          type="primary"
          block
          size="large"
          loading={join.isPending}
          onClick={accept}
          data-testid="invite-accept"
        >
          {t('invite.accept')}
        </Button>
      )}
    </Stack>,
  );
}
