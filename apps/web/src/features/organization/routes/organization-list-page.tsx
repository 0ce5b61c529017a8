import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { toastSuccess } from '@/lib/notify';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useEnterOrganization } from '../api/enter-organization';
import { useOrganizations } from '../api/list-organizations';
import type { Space } from '../api/types';
import { MyAccess } from '../components/my-access';
import { SpaceCard } from '../components/space-card';
import { useSpaceEditor } from '../components/use-space-editor';
import { WelcomeModal } from '../components/welcome-modal';

/** /organization: the user's spaces; create, edit, enter (switch); a welcome window when there is none. */
export default function OrganizationListPage() {
  const { t } = useLazyTranslation('spaces');
  const navigate = useNavigate();
  const location = useLocation();
  const selected = useSelectedSpaceId();
  const list = useOrganizations();
  const enter = useEnterOrganization();
  const editor = useSpaceEditor();
  const [welcome, setWelcome] = useState(false);
  const welcomed = useRef(false);
  const justLoggedIn = Boolean((location.state as { login?: boolean } | null)?.login);
  const spaces = list.data?.list ?? [];
  const lastEntered = list.data?.last_entered ?? null;

  useEffect(() => {
    if (list.data && list.data.list.length === 0 && !welcomed.current) {
      welcomed.current = true;
      setWelcome(true);
    }
  }, [list.data]);

  const open = (space: Space, target?: string) =>
    enter.mutate(space.organization_id, {
      onSuccess: (entered) => {
        toastSuccess(t('list.switched', { name: entered.name }));
        void navigate(target ?? (entered.wallet_count > 0 ? '/wallet' : '/multiple-wallet'));
      },
    });

  const current = spaces.find((space) => String(space.organization_id) === selected);
  return (
    <div data-testid="organization-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => editor.openCreate()}
            data-testid="space-create"
          >
            {t('list.create')}
          </Button>
        }
      />
      {justLoggedIn && spaces.length > 0 ? (
        <Alert type="info" showIcon message={t('list.welcomeBack')} style={{ marginBottom: 16 }} />
      ) : null}
      {current ? <MyAccess organizationId={current.organization_id} name={current.name} /> : null}
      {current && current.wallet_count === 0 ? (
        <Alert type="warning" showIcon message={t('list.noWalletsHint')} style={{ marginBottom: 16 }} />
      ) : null}
      {list.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : spaces.length === 0 ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span>
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('list.empty')}</strong>
                {t('list.emptyHint')}
              </span>
            }
          >
            <Button type="primary" onClick={() => setWelcome(true)}>
              {t('list.create')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {spaces.map((space) => (
            <Col key={space.organization_id} xs={24} md={12} xl={8}>
              <SpaceCard
                space={space}
                current={String(space.organization_id) === selected}
                lastEntered={space.organization_id === lastEntered}
                entering={enter.isPending && enter.variables === space.organization_id}
                onEnter={() => open(space)}
                onEdit={() => editor.openEdit(space)}
                onSettings={() => open(space, '/organization/settings')}
              />
            </Col>
          ))}
        </Row>
      )}
      <WelcomeModal
        open={welcome}
        onClose={() => setWelcome(false)}
        onChoose={(edition) => {
          setWelcome(false);
          editor.openCreate(edition);
        }}
      />
      {editor.modals}
    </div>
  );
}
