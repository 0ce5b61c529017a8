import { Link } from 'react-router';
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

/** /dapp (public): the Dapp connector. */
export default function DappPage() {
  const { t } = useTranslation('auth');
  return (
    <div data-testid="dapp-page">
      <PageHeader title={t('dapp.title')} description={t('dapp.description')} />
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dapp.empty')}>
          <Link to="/wallet">
            <Button type="primary">{t('dapp.goHome')}</Button>
          </Link>
        </Empty>
      </Card>
    </div>
  );
}
