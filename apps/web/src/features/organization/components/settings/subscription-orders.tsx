import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { organizationBaseInfoKey } from '../../api/get-organization-base-info';
import { planWalletsKey } from '../../api/plan-wallets';
import type { SubscriptionOrder } from '../../api/subscription-order';
import { useSubscriptionOrders } from '../../api/subscription-orders';
import { useChainNames } from './subscription-chain-name';
import { ORDER_STATUS_COLOR } from './subscription-order-view';

/** Once the list sees an order paid that it saw open, the space's plan and limits are read again. */
function usePlanRefreshOnPaid(spaceId: string, list: SubscriptionOrder[] | undefined) {
  const client = useQueryClient();
  const paid = list
    ?.filter((order) => order.status === 'paid')
    .map((order) => order.order_id)
    .join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (paid === undefined) return;
    if (seen.current !== undefined && seen.current !== paid) {
      void client.invalidateQueries({ queryKey: organizationBaseInfoKey(spaceId) });
      void client.invalidateQueries({ queryKey: planWalletsKey(spaceId) });
    }
    seen.current = paid;
  }, [client, spaceId, paid]);
}

const short = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

/** The space's subscription orders, newest first; an open (pending) order can be opened again. */
export function SubscriptionOrders(props: { spaceId: string; onOpen: (orderId: number) => void }) {
  const { t } = useLazyTranslation('spaces');
  const orders = useSubscriptionOrders(props.spaceId);
  usePlanRefreshOnPaid(props.spaceId, orders.data?.list);
  const chainName = useChainNames(props.spaceId);

  const columns: ColumnsType<SubscriptionOrder> = [
    {
      title: t('subscription.orders.date'),
      dataIndex: 'created_at',
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('subscription.orders.status'),
      dataIndex: 'status',
      render: (value: SubscriptionOrder['status'], order) => (
        <Flex gap={4} align="center">
          <Tag color={ORDER_STATUS_COLOR[value]} data-testid="subscription-order-status" data-status={value}>
            {t(`subscription.status.${value}`)}
          </Tag>
          {value === 'pending' ? (
            <Button
              size="small"
              type="link"
              onClick={() => props.onOpen(order.order_id)}
              data-testid="subscription-order-open"
            >
              {t('subscription.orders.open')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('subscription.orders.plan'),
      dataIndex: 'plan',
      render: (value: string) => t(`plans.${value}`),
    },
    {
      title: t('subscription.orders.months'),
      dataIndex: 'months',
      render: (value: number) => t('plan.months', { count: value }),
    },
    {
      title: t('subscription.orders.amount'),
      dataIndex: 'amount',
      render: (value: string, order) => `${value} ${order.token_symbol}`,
    },
    {
      title: t('subscription.orders.chain'),
      dataIndex: 'chain_key',
      render: (value: string, order) =>
        order.method === 'card' ? t('subscription.methodCard') : chainName(value),
    },
    {
      title: t('subscription.orders.tx'),
      dataIndex: 'tx_hash',
      render: (value: string | null) =>
        value ? (
          <Typography.Text copyable={{ text: value }} title={value}>
            <span data-testid="subscription-order-tx" data-hash={value}>
              {short(value)}
            </span>
          </Typography.Text>
        ) : (
          t('common:dash')
        ),
    },
  ];

  return (
    <div data-testid="subscription-orders">
      <Typography.Title level={5}>{t('subscription.orders.title')}</Typography.Title>
      {orders.isError && !orders.data ? (
        <QueryError
          title={t('subscription.orders.loadError')}
          error={orders.error}
          onRetry={() => orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : (
        <Table<SubscriptionOrder>
          size="small"
          rowKey="order_id"
          loading={orders.isPending}
          columns={columns}
          dataSource={orders.data?.list ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('subscription.orders.empty') }}
          onRow={(order) => ({ 'data-testid': `subscription-order-row-${order.order_id}` }) as object}
        />
      )}
    </div>
  );
}
