import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TotalAsset } from '../api/get-total-asset';
import type { WalletNum } from '../api/get-wallet-num';
import { AssetError } from './asset-error';
import { percent } from './asset-format';
import { useMoney } from './use-money';

const TREND_COLOR = { increase: '#389e0d', decrease: '#cf1322', invariability: 'rgba(0,0,0,0.45)' } as const;
const TREND_ICON = {
  increase: <ArrowUpOutlined />,
  decrease: <ArrowDownOutlined />,
  invariability: <MinusOutlined />,
} as const;

/** "Prices from <time>, not updated": the figures rest on prices that could not be refreshed. */
export function StalePrices({ prices }: { prices: TotalAsset['prices'] }) {
  const { t } = useLazyTranslation('asset');
  if (!prices.stale) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      style={{ marginBottom: 16 }}
      data-testid="asset-stale-prices"
      message={
        prices.updated_at
          ? t('stalePrices', { time: formatDateTime(prices.updated_at, currentLanguage()) })
          : t('stalePricesNever')
      }
    />
  );
}

/** The asset home's figures: total value and its change, wallets by chain, total transactions. */
export function SummaryCards({
  total,
  walletNum,
}: {
  total: UseQueryResult<TotalAsset>;
  walletNum: UseQueryResult<WalletNum>;
}) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const data = total.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card style={{ height: '100%' }}>
          {total.isError && !data ? (
            <AssetError
              title={t('errors.total')}
              error={total.error}
              onRetry={total.refetch}
              retrying={total.isFetching}
            />
          ) : !data ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                {t('summary.total', { currency: money.currency })}
              </Typography.Text>
              <Typography.Title
                level={2}
                style={{ margin: 0, overflowWrap: 'anywhere' }}
                data-testid="asset-total"
                data-value={money.convert(data.total_amount).toFixed(2)}
                data-currency={money.currency}
              >
                {money.format(data.total_amount)}
              </Typography.Title>
              <Space size={8} wrap data-testid="asset-change" data-trend={data.amount_trend}>
                {data.change_amount === null ? (
                  <Typography.Text type="secondary">{t('summary.noChange')}</Typography.Text>
                ) : (
                  <>
                    <Typography.Text style={{ color: TREND_COLOR[data.amount_trend] }} strong>
                      {TREND_ICON[data.amount_trend]} {money.format(data.change_amount, { signed: true })}
                    </Typography.Text>
                    <Tag
                      bordered={false}
                      color={
                        data.amount_trend === 'increase'
                          ? 'success'
                          : data.amount_trend === 'decrease'
                            ? 'error'
                            : 'default'
                      }
                    >
                      {percent(data.change_rate, true)}
                    </Tag>
                    <Typography.Text type="secondary">{t('summary.change')}</Typography.Text>
                  </>
                )}
              </Space>
              {data.update_time ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('summary.updated', { time: formatDateTime(data.update_time, currentLanguage()) })}
                </Typography.Text>
              ) : null}
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card style={{ height: '100%' }}>
          {walletNum.isError && !walletNum.data ? (
            <AssetError
              title={t('errors.walletNum')}
              error={walletNum.error}
              onRetry={walletNum.refetch}
              retrying={walletNum.isFetching}
            />
          ) : (
            <Statistic
              title={t('summary.wallets')}
              loading={!walletNum.data}
              value={walletNum.data?.wallet_num ?? 0}
              valueRender={(node) => <span data-testid="asset-wallet-num">{node}</span>}
            />
          )}
          {walletNum.data?.by_chain.length ? (
            <Space size={[4, 4]} wrap style={{ marginTop: 8 }} data-testid="asset-wallet-chains">
              {walletNum.data.by_chain.map((chain) => (
                <Tag key={chain.chain_key} bordered={false}>
                  {chain.chain_name} · {chain.wallet_num}
                </Tag>
              ))}
            </Space>
          ) : null}
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card style={{ height: '100%' }}>
          {total.isError && !data ? (
            // The total's card says what failed, with Retry; the count only shows it is unknown.
            <Statistic title={t('summary.transactions')} value={t('common:dash')} />
          ) : (
            <Statistic
              title={t('summary.transactions')}
              loading={!data}
              value={data?.transaction_num ?? 0}
              valueRender={(node) => <span data-testid="asset-tx-num">{node}</span>}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
