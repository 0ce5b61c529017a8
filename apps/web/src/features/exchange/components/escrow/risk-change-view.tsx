import type { ReactNode } from 'react';
import { Card, Descriptions, Grid, Space, Tag, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { RiskChangeItem } from '../../api/risk-changes';
import type { RiskRules } from '../../api/risk-rules';
import { formatCoin } from '../coin-amount';
import { CATEGORY_ORDER, LIMIT_FIELDS, PERPETUAL_CATEGORIES, type LimitField } from './trade-categories';

/** A rule as a change carries it (what applying writes): the whitelist, the limits and the lever. */
type ChangedRule = { trade_category: number; symbols: string[]; contract_lever: number | null } & Record<
  LimitField,
  string | null
>;
type Field = 'symbols' | LimitField | 'contract_lever';
type Kind = 'new' | 'changed' | 'removed' | 'same';

const KIND_COLOR: Record<Kind, string> = {
  new: 'green',
  changed: 'gold',
  removed: 'red',
  same: 'default',
};

const asRule = (value: unknown): ChangedRule => {
  const rule = (value ?? {}) as Partial<ChangedRule>;
  return {
    trade_category: Number(rule.trade_category),
    symbols: rule.symbols ?? [],
    contract_lever: rule.contract_lever ?? null,
    ...(Object.fromEntries(LIMIT_FIELDS.map((field) => [field, rule[field] ?? null])) as Record<
      LimitField,
      string | null
    >),
  };
};

const fieldsOf = (category: number): Field[] => [
  'symbols',
  ...LIMIT_FIELDS,
  ...(PERPETUAL_CATEGORIES.includes(category) ? (['contract_lever'] as const) : []),
];

/** Compares as the screens show them: "500" and "500.00" are the same limit, a whitelist is a set. */
function sameValue(field: Field, a: ChangedRule | undefined, b: ChangedRule | undefined): boolean {
  if (!a || !b) return false;
  if (field === 'symbols') return [...a.symbols].sort().join() === [...b.symbols].sort().join();
  if (field === 'contract_lever') return a.contract_lever === b.contract_lever;
  const [x, y] = [a[field], b[field]];
  return x === null || y === null ? x === y : formatCoin(x) === formatCoin(y);
}

/**
 * What a waiting risk-control change writes, against what is in force: for a strategy, each
 * category's rule as the rule card shows it (new, changed — the value in force crossed out beside
 * the proposed one —, removed, or unchanged); for a deletion the rule that goes; for the leverage
 * cap and the limits' window "from → to".
 */
export function RiskChangeView({ item, current }: { item: RiskChangeItem; current: RiskRules }) {
  const { t } = useLazyTranslation('exchange');
  const category = (value: number) => t(`escrow.category.${value}`);
  const noLimit = <Typography.Text type="secondary">{t('escrow.noLimit')}</Typography.Text>;
  const show = (field: Field, rule: ChangedRule): ReactNode => {
    if (field === 'symbols')
      return rule.symbols.length ? (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
          {rule.symbols.map((symbol) => (
            <Tag key={symbol} style={{ marginInlineEnd: 0 }}>
              {symbol}
            </Tag>
          ))}
        </span>
      ) : (
        <Typography.Text type="danger">{t('escrow.rule.noneAllowed')}</Typography.Text>
      );
    if (field === 'contract_lever') return rule.contract_lever === null ? noLimit : `${rule.contract_lever}×`;
    const value = rule[field];
    return value === null ? noLimit : `${formatCoin(value)}${field.endsWith('usdt') ? ' USDT' : ''}`;
  };
  // The value in force crossed out, the proposed one marked: each kept on one line, the pair wrapping between them.
  const fromTo = (from: ReactNode, to: ReactNode) => (
    <span
      style={{
        display: 'inline-flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 6,
        background: '#fffbe6',
        borderRadius: 4,
        padding: '0 6px',
      }}
      data-testid="risk-change-from-to"
    >
      <Typography.Text type="secondary" delete style={{ whiteSpace: 'nowrap' }}>
        {from}
      </Typography.Text>
      <ArrowRightOutlined style={{ fontSize: 12 }} aria-label={t('escrow.change.to')} />
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {to}
      </Typography.Text>
    </span>
  );
  // On a phone a label above its value: a crossed-out value beside a long label would not fit.
  const layout = Grid.useBreakpoint().sm === false ? 'vertical' : 'horizontal';
  const label = (field: Field) =>
    field === 'symbols' ? t('escrow.rule.whitelist') : t(`escrow.limit.${field}`);

  const ruleCard = (kind: Kind, before: ChangedRule | undefined, after: ChangedRule | undefined) => {
    const rule = (after ?? before)!;
    const shown = kind === 'removed' ? before! : after!;
    return (
      <Card
        key={rule.trade_category}
        size="small"
        type="inner"
        title={
          <Space size={8} wrap>
            <span>{category(rule.trade_category)}</span>
            <Tag color={KIND_COLOR[kind]} style={{ marginInlineEnd: 0 }} data-testid="risk-change-kind">
              {t(`escrow.change.kind.${kind}`)}
            </Tag>
          </Space>
        }
        data-testid={`risk-change-rule-${rule.trade_category}`}
      >
        {kind === 'removed' ? (
          <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>
            {t('escrow.change.removedHint')}
          </Typography.Paragraph>
        ) : null}
        <Descriptions
          size="small"
          layout={layout}
          column={layout === 'vertical' ? 1 : 2}
          items={fieldsOf(rule.trade_category).map((field) => ({
            key: field,
            label: label(field),
            span: field === 'symbols' ? ('filled' as const) : undefined,
            children: (
              <span data-testid={`risk-change-${field}`}>
                {kind === 'changed' && !sameValue(field, before, after)
                  ? fromTo(show(field, before!), show(field, after!))
                  : show(field, shown)}
              </span>
            ),
          }))}
        />
      </Card>
    );
  };

  const line = (name: string, from: ReactNode, to: ReactNode) => (
    <Descriptions
      size="small"
      layout={layout}
      column={1}
      items={[{ key: 'line', label: name, children: fromTo(from, to) }]}
    />
  );

  const inForce = new Map(current.rules.map((rule) => [rule.trade_category, asRule(rule)]));
  const hours = (count: number) => t('escrow.settings.hours', { count });

  let body: ReactNode;
  switch (item.operation) {
    case 'risk_rules_save': {
      const proposed = new Map(
        ((item.change.rules as unknown[]) ?? []).map((value) => {
          const rule = asRule(value);
          return [rule.trade_category, rule] as const;
        }),
      );
      const tactic = Number(item.change.tactic_type);
      const categories = CATEGORY_ORDER.filter((value) => proposed.has(value) || inForce.has(value));
      const kinds = categories.map((value) => {
        const [before, after] = [inForce.get(value), proposed.get(value)];
        const kind: Kind = !before
          ? 'new'
          : !after
            ? 'removed'
            : fieldsOf(value).every((field) => sameValue(field, before, after))
              ? 'same'
              : 'changed';
        return { value, kind, before, after };
      });
      const unchanged = kinds.filter((entry) => entry.kind === 'same');
      body = (
        <>
          {current.tactic_type !== null && current.tactic_type !== tactic
            ? line(
                t('escrow.rule.tactic'),
                t(`escrow.tactic.${current.tactic_type}`),
                t(`escrow.tactic.${tactic}`),
              )
            : null}
          {kinds
            .filter((entry) => entry.kind !== 'same')
            .map((entry) => ruleCard(entry.kind, entry.before, entry.after))}
          {unchanged.length ? (
            <Typography.Text type="secondary" data-testid="risk-change-unchanged">
              {t('escrow.change.unchanged', {
                categories: unchanged.map((entry) => category(entry.value)).join(', '),
              })}
            </Typography.Text>
          ) : null}
        </>
      );
      break;
    }
    case 'risk_rule_delete': {
      const rule = asRule(item.change.rule);
      body = ruleCard('removed', inForce.get(rule.trade_category) ?? rule, undefined);
      break;
    }
    case 'risk_lever': {
      const lever = (value: unknown) => (typeof value === 'number' ? `${value}×` : noLimit);
      body = line(
        `${category(Number(item.change.trade_category))} · ${t('escrow.limit.contract_lever')}`,
        lever(item.change.from),
        lever(item.change.to),
      );
      break;
    }
    case 'risk_settings':
      body = line(
        t('escrow.settings.window'),
        hours(Number(item.change.from)),
        hours(Number(item.change.to)),
      );
      break;
  }
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="risk-change-what">
      <Typography.Text strong>{t(`escrow.change.operation.${item.operation}`)}</Typography.Text>
      {body}
    </Space>
  );
}
