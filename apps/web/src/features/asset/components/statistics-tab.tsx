import type { ReactNode } from 'react';
import { Card, Col, Progress, Row, Table, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TotalAsset } from '../api/get-total-asset';
import { AssetError } from './asset-error';
import { percent, tokenAmount } from './asset-format';
import { ExportButton } from './export-button';
import { MASK, useMoney } from './use-money';

type TokenLine = TotalAsset['by_token'][number];
type WalletLine = TotalAsset['by_wallet'][number];
type ChainLine = TotalAsset['by_chain'][number];

/** A share as a bar and its percentage. */
function Share({ value }: { value: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 110 }}>
      <Progress
        percent={Number(value)}
        status="normal"
        showInfo={false}
        size="small"
        style={{ flex: 1, margin: 0 }}
      />
      <span style={{ whiteSpace: 'nowrap' }}>{percent(value)}</span>
    </div>
  );
}

/** Asset statistics: the total per token, per wallet and per chain, each with its CSV export. */
export function StatisticsTab({
  total,
  hideSmall,
}: {
  total: UseQueryResult<TotalAsset>;
  hideSmall: boolean;
}) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  if (total.isError && !total.data)
    return (
      <AssetError
        title={t('errors.total')}
        error={total.error}
        onRetry={total.refetch}
        retrying={total.isFetching}
      />
    );
  const data = total.data;
  const loading = total.isPending;
  const valueColumn = {
    title: t('statistics.value', { currency: money.currency }),
    dataIndex: 'value',
    align: 'right' as const,
    render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{money.format(value)}</span>,
  };
  const shareColumn = {
    title: t('statistics.proportion'),
    dataIndex: 'proportion',
    width: 170,
    render: (value: string) => <Share value={value} />,
  };
  const card = (key: 'token' | 'wallet' | 'chain', title: string, table: ReactNode) => (
    <Col span={24} key={key}>
      <Card
        title={title}
        extra={<ExportButton what={{ table: key, hideSmall }} label={title} />}
        styles={{ body: { padding: 0 } }}
        data-testid={`asset-statistics-${key}`}
      >
        {table}
      </Card>
    </Col>
  );

  return (
    <Row gutter={[16, 16]}>
      {card(
        'token',
        t('statistics.byToken'),
        <Table<TokenLine>
          rowKey="symbol"
          size="middle"
          loading={loading}
          pagination={false}
          dataSource={data?.by_token ?? []}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('statistics.empty') }}
          onRow={(row) => ({ 'data-testid': `asset-token-row-${row.symbol}` }) as never}
          columns={[
            {
              title: t('statistics.token'),
              dataIndex: 'symbol',
              render: (symbol: string) => <strong>{symbol}</strong>,
            },
            {
              title: t('statistics.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (amount: string) => (money.hidden ? MASK : tokenAmount(amount)),
            },
            {
              title: t('statistics.price', { currency: money.currency }),
              dataIndex: 'price',
              align: 'right',
              render: (price: string | null) =>
                price === null ? (
                  <Typography.Text type="secondary">{t('statistics.noPrice')}</Typography.Text>
                ) : (
                  money.format(price)
                ),
            },
            valueColumn,
            shareColumn,
          ]}
        />,
      )}
      {card(
        'wallet',
        t('statistics.byWallet'),
        <Table<WalletLine>
          rowKey="wallet_id"
          size="middle"
          loading={loading}
          pagination={false}
          dataSource={data?.by_wallet ?? []}
          scroll={{ x: 560 }}
          locale={{ emptyText: t('statistics.empty') }}
          onRow={(row) => ({ 'data-testid': `asset-wallet-row-${row.wallet_id}` }) as never}
          columns={[
            {
              title: t('statistics.wallet'),
              dataIndex: 'name',
              render: (name: string) => <strong>{name}</strong>,
            },
            {
              title: t('statistics.chain'),
              dataIndex: 'chain_key',
              render: (key: string) =>
                data?.by_chain.find((chain) => chain.chain_key === key)?.chain_name ?? key,
            },
            valueColumn,
            shareColumn,
          ]}
        />,
      )}
      {card(
        'chain',
        t('statistics.byChain'),
        <Table<ChainLine>
          rowKey="chain_key"
          size="middle"
          loading={loading}
          pagination={false}
          dataSource={data?.by_chain ?? []}
          scroll={{ x: 560 }}
          locale={{ emptyText: t('statistics.empty') }}
          onRow={(row) => ({ 'data-testid': `asset-chain-row-${row.chain_key}` }) as never}
          columns={[
            {
              title: t('statistics.chain'),
              dataIndex: 'chain_name',
              render: (name: string) => <strong>{name}</strong>,
            },
            { title: t('statistics.walletNum'), dataIndex: 'wallet_num', align: 'right' },
            valueColumn,
            shareColumn,
          ]}
        />,
      )}
    </Row>
  );
}
