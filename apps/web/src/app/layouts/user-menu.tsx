import { useNavigate } from 'react-router';
import { Avatar, Button, Dropdown } from 'antd';
import {
  AppstoreOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logout } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { toastSuccess } from '@/lib/notify';
import { clearStoredUser, useStoredUser } from '@/lib/session';
import { clearSelectedSpace } from '@/lib/space';

/** §2 user menu: space list, signer addresses, account settings, log out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useStoredUser();

  const signOut = async () => {
    await logout().catch(() => undefined);
    // A chosen logout: the guard must not remember this page as the place to return to.
    clearStoredUser('logout');
    await navigate('/login', { replace: true, state: null });
    clearSelectedSpace();
    queryClient.clear();
    toastSuccess(t('layout:user.loggedOut'));
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: <span style={{ color: 'rgba(0,0,0,0.55)' }}>{user?.email}</span>,
          },
          { type: 'divider' },
          { key: '/organization', icon: <AppstoreOutlined />, label: t('layout:user.spaces') },
          { key: '/permission-address', icon: <KeyOutlined />, label: t('layout:user.signerAddresses') },
          { key: '/account', icon: <SettingOutlined />, label: t('layout:user.accountSettings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout:user.logout'), danger: true },
        ],
        onClick: ({ key }) => (key === 'logout' ? void signOut() : void navigate(key)),
      }}
    >
      <Button
        type="text"
        aria-label={t('layout:user.menu')}
        data-testid="user-menu"
        style={{ paddingInline: 6, height: 40 }}
      >
        <Avatar
          size={28}
          src={user?.avatar_url || undefined}
          icon={<UserOutlined />}
          style={{ background: '#1f4fd1' }}
        />
        {compact ? null : (
          <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {user?.nickname || user?.email}
          </span>
        )}
      </Button>
    </Dropdown>
  );
}
