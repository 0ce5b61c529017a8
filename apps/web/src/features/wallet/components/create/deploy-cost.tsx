import { Card, Descriptions, Grid, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useDeployEstimate } from '../../api/deploy-estimate';

/** "12345678" → "12,345,678"; the decimal part as the server gave it (never through floats). */
const grouped = (value: string) => {
  const [whole = '0', fraction] = value.split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${digits}.${fraction}` : digits;
};

/**
 * What sending the Safe deployment costs now (POST /fee/deploy-estimate): gas, the max fee per
 * gas and their product in the chain's coin — the most the signer who sends it pays.
 */
export function DeployCost({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const screens = Grid.useBreakpoint();
  const estimate = useDeployEstimate(walletId, true);
  return (
    <Card size="small" title={t('deploy.cost.title')} style={{ marginBottom: 16 }} data-testid="deploy-cost">
      {estimate.isError ? (
        <QueryError
          title={t('deploy.cost.loadError')}
          error={estimate.error}
          onRetry={() => estimate.refetch()}
          retrying={estimate.isFetching}
          testId="deploy-cost-error"
        />
      ) : estimate.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={screens.md ? 3 : 1}
            colon={false}
            layout="vertical"
            items={[
              {
                key: 'gas',
                label: t('deploy.cost.gas'),
                children: <span data-testid="deploy-cost-gas">{grouped(estimate.data.gas)}</span>,
              },
              {
                key: 'max-fee',
                label: t('deploy.cost.maxFee'),
                children: (
                  <span data-testid="deploy-cost-max-fee">
                    {t('deploy.cost.gwei', { value: grouped(estimate.data.max_fee_gwei) })}
                  </span>
                ),
              },
              {
                key: 'total',
                label: t('deploy.cost.total'),
                children: (
                  <Typography.Text strong data-testid="deploy-cost-total">
                    {grouped(estimate.data.fee)} {estimate.data.symbol}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('deploy.cost.hint', { symbol: estimate.data.symbol })}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
