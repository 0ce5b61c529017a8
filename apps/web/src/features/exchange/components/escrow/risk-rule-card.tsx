import { Button, Card, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { RiskRule } from '../../api/risk-rules';
import { formatCoin } from '../coin-amount';
import { PERPETUAL_CATEGORIES } from './trade-categories';

/**
 * One trade category's rule: the whitelist, the per-order maxima, the buy/sell limits with what
 * the window has used of them, the borrow limit and the leverage cap ("No limit" where none).
 */
export function RiskRuleCard(props: {
  rule: RiskRule;
  windowHours: number | undefined;
  canManage: boolean;
  /** Why the rule cannot be changed now (a change waits for approval), or null. */
  locked: string | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLazyTranslation('exchange');
  const { rule } = props;
  const limit = (value: string | null, unit?: string) =>
    value === null ? (
      <Typography.Text type="secondary">{t('escrow.noLimit')}</Typography.Text>
    ) : (
      `${formatCoin(value)}${unit ? ` ${unit}` : ''}`
    );
  const withUsed = (value: string | null, usedValue: string, unit?: string) => (
    <span>
      {limit(value, unit)}
      {value !== null ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {' '}
          · {t('escrow.used', { used: formatCoin(usedValue) })}
        </Typography.Text>
      ) : null}
    </span>
  );
  const window = props.windowHours ? t('escrow.perWindow', { hours: props.windowHours }) : '';
  const items = [
    {
      key: 'symbols',
      label: t('escrow.rule.whitelist'),
      span: 'filled' as const,
      children: rule.symbols.length ? (
        <span
          style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}
          data-testid="risk-rule-symbols-shown"
        >
          {rule.symbols.map((symbol) => (
            <Tag key={symbol} style={{ marginInlineEnd: 0 }}>
              {symbol}
            </Tag>
          ))}
        </span>
      ) : (
        <Typography.Text type="danger">{t('escrow.rule.noneAllowed')}</Typography.Text>
      ),
    },
    {
      key: 'max_order_amount',
      label: t('escrow.limit.max_order_amount'),
      children: limit(rule.max_order_amount),
    },
    {
      key: 'max_order_usdt',
      label: t('escrow.limit.max_order_usdt'),
      children: <span data-testid="risk-rule-max-order-usdt">{limit(rule.max_order_usdt, 'USDT')}</span>,
    },
    {
      key: 'buy_limit',
      label: `${t('escrow.limit.buy_limit')}${window}`,
      children: withUsed(rule.buy_limit, rule.used.bought),
    },
    {
      key: 'buy_limit_usdt',
      label: `${t('escrow.limit.buy_limit_usdt')}${window}`,
      children: withUsed(rule.buy_limit_usdt, rule.used.bought_usdt, 'USDT'),
    },
    {
      key: 'sell_limit',
      label: `${t('escrow.limit.sell_limit')}${window}`,
      children: withUsed(rule.sell_limit, rule.used.sold),
    },
    {
      key: 'sell_limit_usdt',
      label: `${t('escrow.limit.sell_limit_usdt')}${window}`,
      children: withUsed(rule.sell_limit_usdt, rule.used.sold_usdt, 'USDT'),
    },
    { key: 'borrow_limit', label: t('escrow.limit.borrow_limit'), children: limit(rule.borrow_limit) },
    ...(PERPETUAL_CATEGORIES.includes(rule.trade_category)
      ? [
          {
            key: 'lever',
            label: t('escrow.limit.contract_lever'),
            children: rule.contract_lever === null ? limit(null) : `${rule.contract_lever}×`,
          },
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      data-testid={`risk-rule-${rule.trade_category}`}
      title={t(`escrow.category.${rule.trade_category}`)}
      extra={
        props.canManage ? (
          <Tooltip title={props.locked}>
            <Space size={4} data-testid="risk-rule-actions">
              <Button
                size="small"
                icon={<EditOutlined />}
                disabled={Boolean(props.locked)}
                onClick={props.onEdit}
                data-testid="risk-rule-edit"
              >
                {t('escrow.rule.edit')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={Boolean(props.locked)}
                onClick={props.onDelete}
                aria-label={t('escrow.rule.delete')}
                data-testid="risk-rule-delete"
              />
            </Space>
          </Tooltip>
        ) : null
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
    </Card>
  );
}
