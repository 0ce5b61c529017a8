import { Link } from 'react-router';
import { Alert, Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useStoredUser } from '@/lib/session';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { DappConnector } from '../components/dapp-connector';

/** /dapp (public route): the Dapp connector — a Safe App opened with one of the space's Safes. */
export default function DappPage() {
  const { t } = useTranslation('auth');
  const user = useStoredUser();
  const spaceId = useSelectedSpaceId();
  return (
    <div data-testid="dapp-page">
      <PageHeader title={t('dapp.title')} description={t('dapp.description')} />
      {!user ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dapp.empty')}>
            <Link to="/wallet">
              <Button type="primary">{t('dapp.goHome')}</Button>
            </Link>
          </Empty>
        </Card>
      ) : spaceId ? (
        <DappConnector spaceId={spaceId} />
      ) : (
        <NoSpace />
      )}
    </div>
  );
}

function NoSpace() {
  const { t } = useLazyTranslation('dapp');
  return (
    <Alert
      type="info"
      showIcon
      data-testid="dapp-no-space"
      message={t('noSpace.title')}
      description={<Link to="/organization">{t('noSpace.link')}</Link>}
    />
  );
}
