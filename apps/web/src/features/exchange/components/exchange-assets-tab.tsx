import { useState } from 'react';
import { Empty, Grid, Segmented, Space, Table, Tooltip, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { formatUsd } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExportExchangeAssets } from '../api/export-exchange-assets';
import { useExchangeAssets, type ExchangeAssetLine } from '../api/get-exchange-assets';
import { ExportButton, TabToolbar } from './choice-bar';
import { formatCoin } from './coin-amount';
import { ExchangeAssetList } from './exchange-asset-list';

const ALL = 'all';

/**
 * "Assets": the account's balances per account type (spot, funding, …) with the switch between
 * them, each line's USD price and value ("—" with a reason when the price is not known), the
 * time of the read and the CSV export of what is shown.
 */
export function ExchangeAssetsTab({ walletId }: { walletId: number }) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const screens = Grid.useBreakpoint();
  const [type, setType] = useState<string>(ALL);
  const accountType = type === ALL ? undefined : type;
  const assets = useExchangeAssets(walletId, accountType);
  const exporter = useExportExchangeAssets(walletId);
  const typeName = (value: string) => t(`accountType.${value}`, { defaultValue: value });
  const types = assets.data?.account_types ?? [];
  const unknown = <Tooltip title={t('assets.noPrice')}>—</Tooltip>;

  return (
    <div data-testid="exchange-assets">
      <TabToolbar
        choices={
          <Segmented
            value={type}
            onChange={(value) => setType(String(value))}
            options={[
              { value: ALL, label: t('assets.allTypes') },
              ...types.map((value) => ({ value, label: typeName(value) })),
            ]}
            data-testid="exchange-account-type"
          />
        }
      >
        <Space wrap>
          {assets.data ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="exchange-assets-time">
              {t('assets.updated', { time: formatDateTime(assets.data.update_time, language) })}
            </Typography.Text>
          ) : null}
          <ExportButton
            label={t('assets.export')}
            exporting={exporter.isPending}
            disabled={!assets.data || assets.data.list.length === 0}
            onExport={() => exporter.mutateAsync(accountType)}
            testId="exchange-assets-export"
          />
        </Space>
      </TabToolbar>
      {assets.isError && !assets.isPlaceholderData ? (
        <QueryError
          title={t('assets.loadError')}
          error={assets.error}
          onRetry={() => assets.refetch()}
          retrying={assets.isFetching}
          testId="exchange-assets-error"
        />
      ) : assets.data && assets.data.list.length === 0 && !assets.isPlaceholderData ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('assets.empty')}
          data-testid="exchange-assets-empty"
        />
      ) : !screens.md ? (
        <ExchangeAssetList
          lines={assets.data?.list ?? []}
          loading={assets.isPending || assets.isPlaceholderData}
        />
      ) : (
        <Table<ExchangeAssetLine>
          rowKey={(line) => `${line.account_type}:${line.symbol}`}
          size="middle"
          loading={assets.isPending || assets.isPlaceholderData}
          dataSource={assets.data?.list ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          data-testid="exchange-assets-table"
          onRow={(line) => ({ 'data-testid': `exchange-asset-${line.account_type}-${line.symbol}` }) as never}
          columns={[
            {
              title: t('assets.coin'),
              dataIndex: 'symbol',
              width: 90,
              fixed: 'left',
              render: (symbol: string) => <Typography.Text strong>{symbol}</Typography.Text>,
            },
            {
              title: t('assets.accountType'),
              dataIndex: 'account_type',
              width: 110,
              render: typeName,
            },
            ...(['amount', 'available_amount', 'frozen_amount'] as const).map((field) => ({
              title: t(`assets.${field}`),
              dataIndex: field,
              width: 130,
              align: 'right' as const,
              render: (value: string) => (
                <span style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`exchange-asset-${field}`}>
                  {formatCoin(value)}
                </span>
              ),
            })),
            {
              title: t('assets.price'),
              dataIndex: 'price',
              width: 110,
              align: 'right',
              render: (value: string | null) => (value === null ? unknown : formatUsd(value)),
            },
            {
              title: t('assets.value'),
              dataIndex: 'value',
              width: 120,
              align: 'right',
              render: (value: string | null) => (
                <Typography.Text strong data-testid="exchange-asset-value">
                  {value === null ? unknown : formatUsd(value)}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
