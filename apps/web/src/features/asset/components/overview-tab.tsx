import type { UseQueryResult } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import type { TotalAsset } from '../api/get-total-asset';
import type { WalletNum } from '../api/get-wallet-num';
import { DistributionCard } from './distribution-card';
import { LatestTransfers } from './latest-transfers';
import { SummaryCards } from './summary-cards';
import { TrendCard } from './trend-card';

/** The asset home (§2): total and change, wallets, transactions, trend, distribution, latest transfers. */
export function OverviewTab(props: {
  spaceId: string;
  total: UseQueryResult<TotalAsset>;
  walletNum: UseQueryResult<WalletNum>;
}) {
  const { total } = props;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <SummaryCards total={total} walletNum={props.walletNum} />
      </Col>
      <Col xs={24} xl={14}>
        <TrendCard spaceId={props.spaceId} />
      </Col>
      <Col xs={24} xl={10}>
        <DistributionCard
          data={total.data}
          loading={total.isPending}
          error={total.isError ? total.error : null}
          onRetry={total.refetch}
          retrying={total.isFetching}
        />
      </Col>
      <Col span={24}>
        <LatestTransfers spaceId={props.spaceId} />
      </Col>
    </Row>
  );
}
