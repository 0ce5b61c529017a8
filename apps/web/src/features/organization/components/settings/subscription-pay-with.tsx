import { Alert, Flex, Radio, Typography } from 'antd';
import type { SubscriptionPaymentMethod } from '@keystead/contract/api/subscription';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { SubscriptionMethod } from '../../api/subscription-plans';

const LABEL = { display: 'block' } as const;
const TILE = { height: 'auto', lineHeight: 1.5, padding: '8px 14px', minWidth: 150 } as const;

/**
 * How the order is paid: USDT on one of the chains, or (when the server offers it) a card on
 * Stripe's page. Without the card option it is the chain choice alone, as before.
 */
export function SubscriptionPayWith(props: {
  methods: SubscriptionMethod[];
  card: boolean;
  method: SubscriptionPaymentMethod;
  onMethod: (method: SubscriptionPaymentMethod) => void;
  chainKey: string | null;
  onChain: (chainKey: string) => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const { methods } = props;
  return (
    <>
      {props.card ? (
        <div>
          <Typography.Text strong style={LABEL}>
            {t('subscription.payWith')}
          </Typography.Text>
          <Radio.Group
            value={props.method}
            onChange={(event) => props.onMethod(event.target.value as SubscriptionPaymentMethod)}
          >
            <Flex wrap gap={8} style={{ marginTop: 8 }}>
              <Radio.Button value="usdt" style={TILE} data-testid="subscription-method-usdt">
                {t('subscription.methodUsdt')}
              </Radio.Button>
              <Radio.Button value="card" style={TILE} data-testid="subscription-method-card">
                {t('subscription.methodCard')}
              </Radio.Button>
            </Flex>
          </Radio.Group>
        </div>
      ) : null}
      {props.method === 'usdt' ? (
        <div>
          <Typography.Text strong style={LABEL}>
            {t('subscription.chain')}
          </Typography.Text>
          {methods.length === 0 ? (
            <Alert
              style={{ marginTop: 8 }}
              type="warning"
              showIcon
              message={t('subscription.noMethods')}
              data-testid="subscription-no-methods"
            />
          ) : (
            <Radio.Group
              value={props.chainKey}
              onChange={(event) => props.onChain(String(event.target.value))}
            >
              <Flex wrap gap={8} style={{ marginTop: 8 }}>
                {methods.map((item) => (
                  <Radio.Button key={item.chain_key} value={item.chain_key} style={TILE}>
                    <span data-testid={`subscription-chain-${item.chain_key}`}>
                      <Typography.Text strong>{item.chain_name}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">{item.token_symbol}</Typography.Text>
                    </span>
                  </Radio.Button>
                ))}
              </Flex>
            </Radio.Group>
          )}
        </div>
      ) : null}
    </>
  );
}
