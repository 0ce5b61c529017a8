import type { ReactNode } from 'react';
import { Alert, Button, Flex, Space as Stack, Typography } from 'antd';
import { CreditCardOutlined, LoadingOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { SubscriptionOrder } from '../../api/subscription-order';

/** A card order awaiting Stripe's confirmation: its price and a way back to Stripe's page to pay. */
export function SubscriptionCardPending(props: { order: SubscriptionOrder; status: ReactNode }) {
  const { t } = useLazyTranslation('spaces');
  const { order } = props;
  return (
    <Stack
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="subscription-order"
      data-order-id={order.order_id}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          {t('subscription.orderFor', { plan: t(`plans.${order.plan}`), count: order.months })}
        </Typography.Text>
        <Flex align="center" gap={6}>
          {props.status}
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('subscription.polling')}
          </Typography.Text>
        </Flex>
      </Flex>
      <Typography.Text style={{ fontSize: 30, fontWeight: 600, textAlign: 'center', display: 'block' }}>
        {order.amount} {order.token_symbol}
      </Typography.Text>
      <Alert type="info" showIcon message={t('subscription.cardPending')} />
      {order.checkout_url ? (
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<CreditCardOutlined />}
            onClick={() => window.location.assign(order.checkout_url!)}
            data-testid="subscription-continue-card"
          >
            {t('subscription.continueCard')}
          </Button>
        </Flex>
      ) : null}
    </Stack>
  );
}
