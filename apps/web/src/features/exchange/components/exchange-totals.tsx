import { Button, Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { DownloadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { QueryError } from '@/components/ui/query-error';
import { formatUsd } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { showErrorToast } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExportExchangeAssetTotal } from '../api/export-asset-total';
import type { useExchangeAssetTotal } from '../api/get-asset-total';

/**
 * §3 exchange asset total of the accounts the user views: the USD total ("—" when a holding has
 * no price), the number of accounts and of distinct assets, when read, and the CSV export.
 */
export function ExchangeTotals(props: { total: ReturnType<typeof useExchangeAssetTotal>; accounts: number }) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const { total } = props;
  const exporter = useExportExchangeAssetTotal();
  if (total.isError && !total.data)
    return (
      <div style={{ marginBottom: 16 }}>
        <QueryError
          title={t('list.totalError')}
          error={total.error}
          onRetry={() => total.refetch()}
          retrying={total.isFetching}
          testId="exchange-total-error"
        />
      </div>
    );
  const data = total.data;
  const unpriced = data ? data.total_amount === null && data.total_asset > 0 : false;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} sm={12} lg={8}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic
            title={
              <span>
                {t('list.total')}{' '}
                {unpriced ? (
                  <Tooltip title={t('list.unpriced')}>
                    <InfoCircleOutlined aria-label={t('list.unpriced')} />
                  </Tooltip>
                ) : null}
              </span>
            }
            value={data ? formatUsd(data.total_amount) : ' '}
            loading={total.isPending}
            valueStyle={{ fontSize: 24 }}
            data-testid="exchange-total"
          />
          {data?.update_time ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="exchange-total-time">
              {t('list.updated', { time: formatDateTime(data.update_time, language) })}
            </Typography.Text>
          ) : null}
        </Card>
      </Col>
      <Col xs={12} sm={6} lg={4}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic title={t('list.accounts')} value={props.accounts} valueStyle={{ fontSize: 24 }} />
        </Card>
      </Col>
      <Col xs={12} sm={6} lg={4}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic
            title={t('list.assets')}
            value={data?.total_asset ?? 0}
            loading={total.isPending}
            valueStyle={{ fontSize: 24 }}
            data-testid="exchange-total-assets"
          />
        </Card>
      </Col>
      <Col xs={24} lg={8} style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'flex-end' }}>
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          disabled={!data || data.list.length === 0}
          onClick={() => exporter.mutateAsync().catch((error: unknown) => showErrorToast(error))}
          data-testid="exchange-total-export"
        >
          {t('list.export')}
        </Button>
      </Col>
    </Row>
  );
}
