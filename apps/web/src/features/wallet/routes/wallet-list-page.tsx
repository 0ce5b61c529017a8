import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  Card,
  Col,
  Empty,
  Grid,
  Input,
  List,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { exchangeOfChainKey, exchangePath } from '@/features/exchange';
import { isPrivileged, PlanChoiceBanner, useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useChains } from '../api/list-chains';
import { useWallets } from '../api/list-wallets';
import type { WalletListItem } from '../api/types';
import { AddressText, RoleTags, SignTypeTag, WalletStatusTag, formatUsd } from '../components/wallet-bits';
import { WalletTabs } from '../components/wallet-tabs';
import { SIGN_TYPE } from '../wallet-status';

/** /wallet: the space's wallets with amounts, roles and status; total assets on top. */
export default function WalletListPage() {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const spaceId = useSelectedSpaceId();
  const info = useOrganizationBaseInfo(spaceId);
  const [keyword, setKeyword] = useState('');
  const wallets = useWallets(spaceId, keyword ? { keyword } : {});
  const chains = useChains();
  // An exchange account (sign type 3) names its exchange; its USD value is on its own page ("—" here, never $0.00).
  const chainName = (key: string) =>
    exchangeOfChainKey(key) ?? chains.data?.list.find((chain) => chain.chain_id === key)?.name ?? key;
  const usd = (row: WalletListItem, value: string) =>
    formatUsd(row.sign_type === SIGN_TYPE.exchange ? null : value);
  const privileged = info.data ? isPrivileged(info.data) : false;
  const rows = wallets.data?.list ?? [];
  const open = (row: WalletListItem) =>
    void navigate(
      row.sign_type === SIGN_TYPE.exchange ? exchangePath(row.wallet_id) : `/wallet/detail/${row.wallet_id}`,
    );
  const threshold = (row: WalletListItem) =>
    row.sign_type === 1 ? t('thresholdShort', { threshold: row.threshold }) : '1/1';

  return (
    <div data-testid="wallet-list-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={
          privileged ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate('/wallet/multiple-wallet')}
              data-testid="wallet-create"
            >
              {t('list.create')}
            </Button>
          ) : null
        }
      />
      <WalletTabs />
      <PlanChoiceBanner organizationId={spaceId} privileged={privileged} />
      {wallets.isError && !wallets.data ? (
        // Never "$0.00" or "no wallets" for a request that failed.
        <QueryError
          title={t('list.loadError')}
          error={wallets.error}
          onRetry={() => wallets.refetch()}
          retrying={wallets.isFetching}
          testId="wallet-list-error"
        />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} sm={12} lg={8}>
              <Card size="small">
                <Statistic
                  title={t('list.total')}
                  value={formatUsd(wallets.data?.total_amount ?? '0')}
                  loading={wallets.isPending}
                  valueStyle={{ fontSize: 24 }}
                  data-testid="wallet-total"
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Card size="small">
                <Statistic
                  title={t('list.count')}
                  value={wallets.data?.total ?? 0}
                  loading={wallets.isPending}
                  valueStyle={{ fontSize: 24 }}
                />
              </Card>
            </Col>
          </Row>
          <Card
            styles={{ body: { padding: screens.md ? 0 : 12 } }}
            title={
              <Input.Search
                allowClear
                placeholder={t('list.search')}
                onSearch={setKeyword}
                style={{ maxWidth: 320 }}
              />
            }
          >
            {wallets.isPending ? (
              <Skeleton active style={{ padding: 24 }} />
            ) : rows.length === 0 ? (
              <Empty
                style={{ padding: 32 }}
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={keyword ? t('list.noMatch') : t('list.empty')}
              />
            ) : screens.md ? (
              <Table<WalletListItem>
                rowKey="wallet_id"
                dataSource={rows}
                pagination={false}
                scroll={{ x: 960 }}
                onRow={(row) => ({ onClick: () => open(row), style: { cursor: 'pointer' } })}
                columns={[
                  {
                    title: t('fields.name'),
                    dataIndex: 'name',
                    fixed: 'left',
                    width: 160,
                    // The name is the row's link: reachable by Tab, opened by Enter (the row takes clicks).
                    render: (name: string, row) => (
                      <span data-testid="wallet-row-name">
                        <Link
                          to={
                            row.sign_type === SIGN_TYPE.exchange
                              ? exchangePath(row.wallet_id)
                              : `/wallet/detail/${row.wallet_id}`
                          }
                          onClick={(event) => event.stopPropagation()}
                          style={{ fontWeight: 600 }}
                        >
                          {name}
                        </Link>
                        {row.is_open_white_list ? (
                          <Tag icon={<SafetyOutlined />} color="blue" style={{ marginInlineStart: 6 }}>
                            {t('list.whitelist')}
                          </Tag>
                        ) : null}
                      </span>
                    ),
                  },
                  {
                    title: t('fields.chain'),
                    dataIndex: 'chain_id',
                    width: 100,
                    render: (key: string) => chainName(key),
                  },
                  {
                    title: t('fields.address'),
                    dataIndex: 'address',
                    width: 150,
                    render: (address: string | null, row) => (
                      <span onClick={(event) => event.stopPropagation()}>
                        <AddressText address={address} short={row.address_short} />
                      </span>
                    ),
                  },
                  {
                    title: t('fields.signType'),
                    dataIndex: 'sign_type',
                    width: 130,
                    render: (value: number, row) => (
                      <span style={{ whiteSpace: 'nowrap' }}>
                        <SignTypeTag signType={value} /> {threshold(row)}
                      </span>
                    ),
                  },
                  {
                    title: t('fields.amount'),
                    dataIndex: 'amount',
                    width: 200,
                    align: 'right',
                    // Available and locked on lines of their own: one line overflowed into the status column.
                    render: (value: string, row) => (
                      <div>
                        <Typography.Text strong data-testid="wallet-row-amount">
                          {usd(row, value)}
                        </Typography.Text>
                        <div
                          style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)' }}
                          data-testid="wallet-row-split"
                        >
                          <div>
                            {t('fields.available')} {usd(row, row.available_amount)}
                          </div>
                          <div>
                            {t('fields.locked')} {usd(row, row.lock_amount)}
                          </div>
                        </div>
                      </div>
                    ),
                  },
                  {
                    title: t('fields.status'),
                    dataIndex: 'status',
                    width: 110,
                    render: (status: number) => <WalletStatusTag status={status} />,
                  },
                  {
                    title: t('fields.myRoles'),
                    render: (_: unknown, row) => (
                      <RoleTags roles={row.roles} signer={row.is_single_wallet_signer} />
                    ),
                  },
                ]}
              />
            ) : (
              <List
                dataSource={rows}
                renderItem={(row) => (
                  <List.Item
                    onClick={() => open(row)}
                    role="link"
                    tabIndex={0}
                    aria-label={row.name}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
                    }}
                    style={{ display: 'block', cursor: 'pointer' }}
                    data-testid="wallet-row"
                  >
                    <div
                      style={{
                        display: 'flex',
                        justifyContent: 'space-between',
                        gap: 8,
                        alignItems: 'center',
                      }}
                    >
                      <Typography.Text strong ellipsis data-testid="wallet-row-name">
                        {row.name}
                      </Typography.Text>
                      <WalletStatusTag status={row.status} />
                    </div>
                    <div
                      style={{
                        display: 'flex',
                        justifyContent: 'space-between',
                        gap: 8,
                        marginTop: 4,
                        alignItems: 'baseline',
                      }}
                    >
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {chainName(row.chain_id)} · {t(`signType.${row.sign_type}`)} · {threshold(row)}
                      </Typography.Text>
                      <Typography.Text strong data-testid="wallet-row-amount">
                        {usd(row, row.amount)}
                      </Typography.Text>
                    </div>
                    <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', textAlign: 'right' }}>
                      {t('fields.available')} {usd(row, row.available_amount)} · {t('fields.locked')}{' '}
                      {usd(row, row.lock_amount)}
                    </div>
                    <div style={{ marginTop: 4 }} onClick={(event) => event.stopPropagation()}>
                      <AddressText address={row.address} short={row.address_short} />
                    </div>
                    <div style={{ marginTop: 6 }}>
                      <RoleTags roles={row.roles} signer={row.is_single_wallet_signer} />
                    </div>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
