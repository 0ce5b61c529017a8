import { Button, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { BatchWizard } from '../components/batch/batch-wizard';
import { mayBatch } from '../components/batch/may-batch';

/** /wallet/transfer/batch (operators, paid plans): the batch (one-to-many) transfer wizard. */
export default function BatchTransferPage() {
  const { t } = useLazyTranslation('batch');
  const space = useOrganizationBaseInfo(useSelectedSpaceId());
  if (space.isPending) return <Skeleton active />;
  if (space.data && !mayBatch(space.data))
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
        data-testid="batch-plan-required"
      />
    );
  return <BatchWizard />;
}
