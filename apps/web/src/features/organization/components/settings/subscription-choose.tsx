import { useState } from 'react';
import { Alert, Button, Flex, Radio, Skeleton, Space as Stack, Tag, Typography } from 'antd';
import type {
  PaidPlan,
  SubscriptionMonths,
  SubscriptionPaymentMethod,
} from '@keystead/contract/api/subscription';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Space } from '../../api/types';
import { useCreateSubscriptionOrder, type SubscriptionOrder } from '../../api/subscription-order';
import { useSubscriptionPlans } from '../../api/subscription-plans';
import { SubscriptionPayWith } from './subscription-pay-with';

const LABEL = { display: 'block' } as const;
const TILE = { height: 'auto', lineHeight: 1.5, padding: '8px 14px', minWidth: 150 } as const;

/**
 * Step one of the upgrade: the paid plan (its monthly price), how many months (discount and
 * total) and how it is paid — USDT on a chain ("Create order" asks the server for the order) or,
 * when offered, a card ("Pay by card": the order, then Stripe's page).
 */
export function SubscriptionChoose(props: { space: Space; onCreated: (order: SubscriptionOrder) => void }) {
  const { t } = useLazyTranslation('spaces');
  const spaceId = String(props.space.organization_id);
  const plans = useSubscriptionPlans(spaceId);
  const create = useCreateSubscriptionOrder(spaceId);
  const current = props.space.vip_category === 'free' ? 'plus' : props.space.vip_category;
  const [plan, setPlan] = useState<PaidPlan>(current);
  const [months, setMonths] = useState<SubscriptionMonths>(1);
  const [chain, setChain] = useState<string | null>(null);
  const [chosenMethod, setMethod] = useState<SubscriptionPaymentMethod | null>(null);

  if (plans.isPending) return <Skeleton active />;
  if (plans.isError)
    return (
      <QueryError
        title={t('subscription.loadPlansError')}
        error={plans.error}
        onRetry={() => plans.refetch()}
        retrying={plans.isFetching}
        testId="subscription-plans-error"
      />
    );

  const { methods, card } = plans.data;
  // USDT when a chain takes it, else a card when offered; the admin may switch.
  const payWith = chosenMethod ?? (methods.length === 0 && card ? 'card' : 'usdt');
  const chosenPlan = plans.data.plans.find((item) => item.plan === plan) ?? plans.data.plans[0];
  const option = chosenPlan?.options.find((item) => item.months === months);
  const chainKey = chain ?? methods[0]?.chain_key ?? null;
  const method = methods.find((item) => item.chain_key === chainKey);
  const symbol = payWith === 'card' ? 'USD' : (method?.token_symbol ?? 'USDT');
  const submit = () => {
    if (!chosenPlan) return;
    if (payWith === 'card')
      // Stripe's page takes the payment and sends the browser back to the plan tab.
      return create.mutate(
        { plan: chosenPlan.plan, months, method: 'card' },
        { onSuccess: (order) => order.checkout_url && window.location.assign(order.checkout_url) },
      );
    if (!chainKey) return;
    create.mutate(
      { plan: chosenPlan.plan, months, chain_key: chainKey, method: 'usdt' },
      { onSuccess: props.onCreated },
    );
  };

  return (
    <Stack direction="vertical" size={16} style={{ width: '100%' }} data-testid="subscription-choose">
      <div>
        <Typography.Text strong style={LABEL}>
          {t('subscription.plan')}
        </Typography.Text>
        <Radio.Group value={plan} onChange={(event) => setPlan(event.target.value as PaidPlan)}>
          <Flex wrap gap={8} style={{ marginTop: 8 }}>
            {plans.data.plans.map((item) => (
              <Radio.Button key={item.plan} value={item.plan} style={TILE}>
                <span data-testid={`subscription-plan-${item.plan}`}>
                  <Typography.Text strong>{t(`plans.${item.plan}`)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {t('subscription.perMonth', { amount: item.monthly, symbol })}
                  </Typography.Text>
                </span>
              </Radio.Button>
            ))}
          </Flex>
        </Radio.Group>
      </div>
      <div>
        <Typography.Text strong style={LABEL}>
          {t('subscription.duration')}
        </Typography.Text>
        <Radio.Group value={months} onChange={(event) => setMonths(event.target.value as SubscriptionMonths)}>
          <Flex wrap gap={8} style={{ marginTop: 8 }}>
            {(chosenPlan?.options ?? []).map((item) => (
              <Radio.Button key={item.months} value={item.months} style={TILE}>
                <span data-testid={`subscription-months-${item.months}`}>
                  <Typography.Text strong>{t('plan.months', { count: item.months })}</Typography.Text>
                  {item.discount_percent > 0 ? (
                    <Tag color="green" bordered={false} style={{ marginInlineStart: 6 }}>
                      {t('subscription.discount', { percent: item.discount_percent })}
                    </Tag>
                  ) : null}
                  <br />
                  <Typography.Text type="secondary">{`${item.amount} ${symbol}`}</Typography.Text>
                </span>
              </Radio.Button>
            ))}
          </Flex>
        </Radio.Group>
      </div>
      <SubscriptionPayWith
        methods={methods}
        card={card}
        method={payWith}
        onMethod={setMethod}
        chainKey={chainKey}
        onChain={setChain}
      />
      {option && chosenPlan ? (
        <Alert
          type="info"
          data-testid="subscription-total"
          message={t('subscription.total', {
            plan: t(`plans.${chosenPlan.plan}`),
            count: option.months,
            amount: option.amount,
            symbol,
          })}
          description={
            payWith === 'card'
              ? t('subscription.cardHint', { amount: option.amount })
              : t('subscription.totalHint', { hours: plans.data.order_lifetime_hours })
          }
        />
      ) : null}
      <Flex justify="flex-end">
        <Button
          type="primary"
          disabled={!option || (payWith === 'usdt' && !method)}
          loading={create.isPending}
          onClick={submit}
          data-testid="subscription-create"
        >
          {payWith === 'card' ? t('subscription.payByCard') : t('subscription.create')}
        </Button>
      </Flex>
    </Stack>
  );
}
