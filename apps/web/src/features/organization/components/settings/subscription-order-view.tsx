import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Result, Skeleton, Space as Stack, Tag, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { organizationBaseInfoKey } from '../../api/get-organization-base-info';
import { planWalletsKey } from '../../api/plan-wallets';
import { useSubscriptionOrder, type SubscriptionOrder } from '../../api/subscription-order';
import { subscriptionOrdersKey } from '../../api/subscription-orders';
import { useChainNames } from './subscription-chain-name';
import { SubscriptionCardPending } from './subscription-card-pending';
import { SubscriptionQr } from './subscription-qr';

export const ORDER_STATUS_COLOR = { pending: 'processing', paid: 'success', expired: 'default' } as const;

function useNow(ms = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** "5 h 03 min" or "42 s" until `iso` (never negative). */
function TimeLeft({ iso }: { iso: string }) {
  const { t } = useLazyTranslation('spaces');
  const left = Math.max(0, Math.floor((dayjs(iso).valueOf() - useNow()) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const text =
    left >= 60
      ? t('subscription.leftHours', { h, m: String(m).padStart(2, '0') })
      : t('subscription.leftSeconds', { s: left });
  return <span data-testid="subscription-time-left">{text}</span>;
}

/** The space's plan, limits and order list read again once an order is paid. */
function useRefreshOnPaid(spaceId: string, order: SubscriptionOrder | undefined) {
  const client = useQueryClient();
  const paidId = order?.status === 'paid' ? order.order_id : null;
  useEffect(() => {
    if (paidId === null) return;
    void client.invalidateQueries({ queryKey: organizationBaseInfoKey(spaceId) });
    void client.invalidateQueries({ queryKey: planWalletsKey(spaceId) });
    void client.invalidateQueries({ queryKey: subscriptionOrdersKey(spaceId) });
  }, [client, spaceId, paidId]);
}

/**
 * An order: while pending, the exact amount to send (big, copyable), the token and chain, the
 * receiving address with its QR code and the time left, its status asked again every few
 * seconds; once paid, the plan's new end; once expired, a way to a new order.
 */
export function SubscriptionOrderView(props: { spaceId: string; orderId: number; onNewOrder: () => void }) {
  const { t } = useLazyTranslation('spaces');
  const query = useSubscriptionOrder(props.spaceId, props.orderId);
  const order = query.data;
  useRefreshOnPaid(props.spaceId, order);
  const chainName = useChainNames(props.spaceId)(order?.chain_key ?? '');

  if (!order && query.isError)
    return (
      <QueryError
        title={t('subscription.loadOrderError')}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!order) return <Skeleton active />;

  const plan = t(`plans.${order.plan}`);
  const status = (
    <Tag
      color={ORDER_STATUS_COLOR[order.status]}
      data-testid="subscription-status"
      data-status={order.status}
    >
      {t(`subscription.status.${order.status}`)}
    </Tag>
  );

  if (order.status === 'paid')
    return (
      <div data-testid="subscription-paid" data-order-id={order.order_id}>
        <Result
          status="success"
          title={t('subscription.paidTitle', {
            plan,
            date: order.plan_expires_at ? dayjs(order.plan_expires_at).format('YYYY-MM-DD') : '',
          })}
          subTitle={
            <Stack direction="vertical" size={4}>
              {status}
              <Typography.Text type="secondary">
                {t('subscription.paidAt', { time: dayjs(order.paid_at).format('YYYY-MM-DD HH:mm') })}
              </Typography.Text>
              {order.tx_hash ? (
                <Typography.Text copyable={{ text: order.tx_hash }} style={{ wordBreak: 'break-all' }}>
                  <span data-testid="subscription-tx-hash">{order.tx_hash}</span>
                </Typography.Text>
              ) : null}
            </Stack>
          }
        />
      </div>
    );

  if (order.status === 'expired')
    return (
      <div data-testid="subscription-expired" data-order-id={order.order_id}>
        <Result
          status="warning"
          title={t('subscription.expiredTitle')}
          subTitle={
            <Stack direction="vertical" size={4}>
              {status}
              <span>{t('subscription.expiredHint')}</span>
            </Stack>
          }
          extra={
            <Button type="primary" onClick={props.onNewOrder} data-testid="subscription-new-order">
              {t('subscription.newOrder')}
            </Button>
          }
        />
      </div>
    );

  if (order.method === 'card') return <SubscriptionCardPending order={order} status={status} />;

  return (
    <Stack
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="subscription-order"
      data-order-id={order.order_id}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>{t('subscription.orderFor', { plan, count: order.months })}</Typography.Text>
        <Flex align="center" gap={6}>
          {status}
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('subscription.polling')}
          </Typography.Text>
        </Flex>
      </Flex>
      <div style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary">{t('subscription.sendExactly')}</Typography.Text>
        <Typography.Paragraph
          copyable={{ text: order.amount }}
          style={{ fontSize: 30, fontWeight: 600, margin: '4px 0 0', fontVariantNumeric: 'tabular-nums' }}
        >
          <span data-testid="subscription-amount">{order.amount}</span> {order.token_symbol}
        </Typography.Paragraph>
        <Typography.Text type="secondary" data-testid="subscription-token-chain">
          {t('subscription.tokenOn', { symbol: order.token_symbol, chain: chainName })}
        </Typography.Text>
      </div>
      <Alert
        type="warning"
        showIcon
        data-testid="subscription-exact-warning"
        message={t('subscription.exactWarning', {
          amount: order.amount,
          symbol: order.token_symbol,
          price: order.price,
        })}
      />
      <Flex gap={16} wrap align="center">
        <SubscriptionQr text={order.pay_to} label={t('subscription.qrLabel')} />
        <Descriptions size="small" column={1} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Descriptions.Item label={t('subscription.payTo')}>
            <Typography.Text copyable={{ text: order.pay_to }} style={{ wordBreak: 'break-all' }}>
              <span data-testid="subscription-pay-to">{order.pay_to}</span>
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('subscription.tokenContract')}>
            <Typography.Text
              copyable={{ text: order.token_contract }}
              style={{ wordBreak: 'break-all' }}
              type="secondary"
            >
              {order.token_contract}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('subscription.timeLeft')}>
            <TimeLeft iso={order.expires_at} />
          </Descriptions.Item>
        </Descriptions>
      </Flex>
      <Typography.Text type="secondary">{t('subscription.creditHint')}</Typography.Text>
      {query.isError ? (
        <QueryError
          title={t('subscription.pollError')}
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
    </Stack>
  );
}
