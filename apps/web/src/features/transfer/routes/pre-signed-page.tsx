import { Button, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { mayPreSign } from '../components/pre-signed/may-pre-sign';
import { PreSignWizard } from '../components/pre-signed/pre-sign-wizard';

/** /wallet/transfer/pre-signed (operators, paid plans): the pre-signed transfers wizard. */
export default function PreSignedPage() {
  const { t } = useLazyTranslation('preSign');
  const space = useOrganizationBaseInfo(useSelectedSpaceId());
  if (space.isPending) return <Skeleton active />;
  if (space.data && !mayPreSign(space.data))
    return (
      <Result
        status="warning"
        title={t('plan.title')}
        subTitle={t('plan.text')}
        extra={
          <Link to="/organization/settings?tab=plan">
            <Button type="primary">{t('plan.view')}</Button>
          </Link>
        }
        data-testid="pre-sign-plan-required"
      />
    );
  return <PreSignWizard />;
}
