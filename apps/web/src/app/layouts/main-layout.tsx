import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Button, Drawer, Grid, Layout, Tag } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NotificationCenter } from '@/features/notifications';
import { GuideTour, isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSelectedSpaceId } from '@/lib/space';
import { AppLanguageDropdown } from '../app-language-dropdown';
import { Brand, BrandMark } from './brand';
import { SidebarMenu } from './sidebar-menu';
import { UserMenu } from './user-menu';
import './main-layout.css';

/** The signed-in frame: §2 sidebar (a drawer on narrow screens), header with space, bell, language, user. */
export default function MainLayout() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const desktop = screens.lg ?? true;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const spaceId = useSelectedSpaceId();
  const space = useOrganizationBaseInfo(spaceId);
  const privileged = space.data ? isPrivileged(space.data) : false;

  const menu = <SidebarMenu privileged={privileged} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <Layout className="ks-main" hasSider={desktop}>
      {desktop ? (
        <Layout.Sider
          width={256}
          collapsedWidth={72}
          collapsed={collapsed}
          className="ks-main__sider"
          data-testid="sidebar"
        >
          <Link to="/organization" className="ks-main__logo">
            {collapsed ? <BrandMark /> : <Brand light />}
          </Link>
          {menu}
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={260}
          closable={false}
          styles={{ body: { padding: 0, background: '#0f1b3d' } }}
          data-testid="sidebar-drawer"
        >
          <div className="ks-main__logo">
            <Brand light />
          </div>
          {menu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="ks-main__header">
          <Button
            type="text"
            icon={desktop ? collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined /> : <MenuOutlined />}
            aria-label={desktop ? t(collapsed ? 'layout:expand' : 'layout:collapse') : t('layout:openMenu')}
            onClick={() => (desktop ? setCollapsed((value) => !value) : setDrawerOpen(true))}
            data-testid="menu-toggle"
          />
          <div className="ks-main__space">
            {space.data ? (
              <Link to="/organization" title={space.data.name}>
                <Tag
                  color="blue"
                  bordered={false}
                  style={{
                    marginInlineEnd: 0,
                    maxWidth: '100%',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {space.data.name}
                </Tag>
              </Link>
            ) : (
              <Link to="/organization" className="ks-main__no-space">
                {t('layout:space.choose')}
              </Link>
            )}
          </div>
          <div className="ks-main__actions">
            <NotificationCenter />
            <AppLanguageDropdown />
            <UserMenu compact={!screens.md} />
          </div>
        </Layout.Header>
        <Layout.Content className="ks-main__content">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Suspense fallback={null}>
          <GuideTour />
        </Suspense>
      </Layout>
    </Layout>
  );
}
