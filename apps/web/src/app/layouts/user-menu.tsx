import { useNavigate } from 'react-router';
import { Avatar, Button, Dropdown } from 'antd';
import {
  AppstoreOutlined,
  CheckOutlined,
  SwapOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logout } from '@/features/auth';
import { useEnterOrganization, useOrganizations } from '@/features/organization';
import { queryClient } from '@/lib/query-client';
import { toastSuccess } from '@/lib/notify';
import { clearStoredUser, useStoredUser } from '@/lib/session';
import { clearSelectedSpace, useSelectedSpaceId } from '@/lib/space';

/** §2 user menu: space list, signer addresses, account settings, log out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const spaces = useOrganizations();
  const enter = useEnterOrganization();
  const selected = useSelectedSpaceId();
  const spaceItems = (spaces.data?.list ?? []).map((space) => ({
    key: `space:${space.organization_id}`,
    label: (
      <span
        style={{
          display: 'inline-block',
          maxWidth: 220,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          verticalAlign: 'bottom',
        }}
      >
        {space.name}
      </span>
    ),
    icon: String(space.organization_id) === selected ? <CheckOutlined /> : <span style={{ width: 14 }} />,
  }));

  const switchTo = (id: string) =>
    enter.mutate(id, {
      onSuccess: (space) => toastSuccess(t('layout:user.switched', { name: space.name })),
    });

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
          {
            key: 'switch',
            type: 'group',
            label: (
              <span>
                <SwapOutlined /> {t('layout:user.switchSpace')}
              </span>
            ),
            children:
              spaceItems.length > 0
                ? spaceItems
                : [{ key: 'none', disabled: true, label: t('layout:user.noSpaces') }],
          },
          { type: 'divider' },
          { key: '/organization', icon: <AppstoreOutlined />, label: t('layout:user.spaces') },
          { key: '/permission-address', icon: <KeyOutlined />, label: t('layout:user.signerAddresses') },
          { key: '/account', icon: <SettingOutlined />, label: t('layout:user.accountSettings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout:user.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') return void signOut();
          if (key.startsWith('space:')) return switchTo(key.slice('space:'.length));
          if (key.startsWith('/')) void navigate(key);
        },
      }}
    >
      <Button
        type="text"
        aria-label={
          compact ? t('layout:user.menu') : `${t('layout:user.menu')}: ${user?.nickname || user?.email || ''}`
        }
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
