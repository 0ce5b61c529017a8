import { useLocation, useNavigate } from 'react-router';
import { Alert, Avatar, Button, Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { toastSuccess } from '@/lib/notify';
import { useSelectedSpaceId } from '@/lib/space';
import { useEnterOrganization } from '../api/enter-organization';
import { useOrganizations, type OrganizationListItem } from '../api/list-organizations';

/** /organization: the spaces the user belongs to; entering one selects it for the other pages. */
export default function OrganizationListPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const location = useLocation();
  const selected = useSelectedSpaceId();
  const list = useOrganizations();
  const enter = useEnterOrganization();
  const justLoggedIn = Boolean((location.state as { login?: boolean } | null)?.login);
  const spaces = list.data?.list ?? [];

  const open = (space: OrganizationListItem) =>
    enter.mutate(space.organization_id, {
      onSuccess: () => {
        toastSuccess(t('organization.switched', { name: space.name }));
        void navigate(space.wallet_count > 0 ? '/wallet' : '/multiple-wallet');
      },
    });

  return (
    <div data-testid="organization-page">
      <PageHeader title={t('organization.title')} description={t('organization.description')} />
      {justLoggedIn ? (
        <Alert type="info" showIcon message={t('organization.welcome')} style={{ marginBottom: 16 }} />
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
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>
                  {t('organization.empty')}
                </strong>
                {t('organization.emptyHint')}
              </span>
            }
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {spaces.map((space) => {
            const current = String(space.organization_id) === selected;
            return (
              <Col key={String(space.organization_id)} xs={24} md={12} xl={8}>
                <Card>
                  <Card.Meta
                    avatar={
                      <Avatar
                        src={space.logo_url || undefined}
                        icon={<TeamOutlined />}
                        style={{ background: '#1f4fd1' }}
                      />
                    }
                    title={
                      <span>
                        {space.name} {current ? <Tag color="blue">{t('organization.current')}</Tag> : null}
                      </span>
                    }
                    description={
                      <Typography.Text type="secondary">
                        {t(`organization.roles.${space.role}`, { defaultValue: '' })} ·{' '}
                        {t('organization.wallets', { count: space.wallet_count })} ·{' '}
                        {t('organization.members', { count: space.member_count })}
                      </Typography.Text>
                    }
                  />
                  <Button
                    type="primary"
                    block
                    style={{ marginTop: 16 }}
                    loading={enter.isPending && enter.variables === space.organization_id}
                    onClick={() => open(space)}
                  >
                    {t('organization.enter')}
                  </Button>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
