import { Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { MAX_CONTRACT_LEVER } from '@keystead/contract/api/escrow';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useEscrowSymbols } from '../../api/escrow-symbols';
import { useSaveRiskRules, type RiskRule, type RiskRuleInput, type RiskRules } from '../../api/risk-rules';
import { CodeDialog } from './code-dialog';
import { CATEGORY_ORDER, LIMIT_FIELDS, LIMIT_PATTERN, PERPETUAL_CATEGORIES } from './trade-categories';

interface RuleValues {
  trade_category?: number;
  tactic_type: 1 | 2;
  symbols: string[];
  max_order_amount?: string;
  max_order_usdt?: string;
  buy_limit?: string;
  sell_limit?: string;
  buy_limit_usdt?: string;
  sell_limit_usdt?: string;
  borrow_limit?: string;
  contract_lever?: number | null;
  email_code: string;
}

/** A saved rule as the save call takes it back (without what the window used). */
export function ruleInput(rule: RiskRule): RiskRuleInput {
  const { used: _used, ...input } = rule;
  return input as RiskRuleInput;
}

const blankToNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * Adds or edits one trade category's rule (§3 risk-control rule): the whitelisted pairs or coins,
 * the per-order maxima, buy/sell limits in coin and USDT, the borrow limit and, for
 * perpetual-type categories, the leverage cap. The whole strategy is saved with the e-mailed
 * risk_control code; an empty limit means no limit. When the account has approvers the save is a
 * proposal: the rules in force stay until they approve it.
 */
export function RiskRuleModal(props: {
  walletId: number;
  strategy: RiskRules;
  /** The rule being edited, or null to add one. */
  editing: RiskRule | null;
  open: boolean;
  /** The strategy as the save left it (its pending_change set when the change waits for approval), or null when cancelled. */
  onClose: (saved: RiskRules | null) => void;
}) {
  const { t } = useLazyTranslation('exchange');
  const [form] = Form.useForm<RuleValues>();
  const save = useSaveRiskRules(props.walletId);
  const symbols = useEscrowSymbols(props.walletId);
  const tactic = Form.useWatch('tactic_type', form) ?? props.strategy.tactic_type ?? 1;
  const category = Form.useWatch('trade_category', form) ?? props.editing?.trade_category;
  const used = new Set(props.strategy.rules.map((rule) => rule.trade_category));
  const pairs = symbols.data?.list ?? [];
  const options =
    tactic === 1
      ? pairs.map((pair) => pair.symbol)
      : [...new Set(pairs.flatMap((pair) => [pair.base, pair.quote]))].sort();
  const editing = props.editing;

  const submit = async (values: RuleValues) => {
    const rule = {
      trade_category: values.trade_category ?? editing!.trade_category,
      symbols: values.symbols ?? [],
      ...Object.fromEntries(LIMIT_FIELDS.map((field) => [field, blankToNull(values[field])])),
      contract_lever: PERPETUAL_CATEGORIES.includes(values.trade_category ?? -1)
        ? (values.contract_lever ?? null)
        : null,
    } as RiskRuleInput;
    const others = props.strategy.rules.filter((item) => item.trade_category !== rule.trade_category);
    const saved = await save.mutateAsync({
      wallet_id: props.walletId,
      tactic_type: values.tactic_type,
      rules: [...others.map(ruleInput), rule],
      email_code: values.email_code,
    });
    props.onClose(saved);
  };

  const limitRules = [{ pattern: LIMIT_PATTERN, message: t('escrow.rule.limitInvalid') }];
  return (
    <CodeDialog<RuleValues>
      open={props.open}
      title={editing ? t('escrow.rule.editTitle') : t('escrow.rule.addTitle')}
      purpose="risk_control"
      form={form}
      okText={t('escrow.rule.save')}
      width={680}
      testId="risk-rule-dialog"
      initialValues={{
        tactic_type: (props.strategy.tactic_type ?? 1) as 1 | 2,
        ...(editing
          ? {
              trade_category: editing.trade_category,
              symbols: editing.symbols,
              contract_lever: editing.contract_lever,
              ...Object.fromEntries(LIMIT_FIELDS.map((field) => [field, editing[field] ?? undefined])),
            }
          : { trade_category: CATEGORY_ORDER.find((item) => !used.has(item)), symbols: [] }),
      }}
      onCancel={() => props.onClose(null)}
      onSubmit={submit}
    >
      <Form.Item
        name="trade_category"
        label={t('escrow.rule.category')}
        extra={t('escrow.rule.categoryHint')}
      >
        <Select
          disabled={Boolean(editing)}
          data-testid="risk-rule-category"
          options={CATEGORY_ORDER.filter((item) => item === editing?.trade_category || !used.has(item)).map(
            (item) => ({ value: item, label: t(`escrow.category.${item}`) }),
          )}
        />
      </Form.Item>
      <Form.Item name="tactic_type" label={t('escrow.rule.tactic')} extra={t('escrow.rule.tacticHint')}>
        <Radio.Group
          onChange={() => form.setFieldValue('symbols', [])}
          options={[
            { value: 1, label: t('escrow.tactic.1') },
            { value: 2, label: t('escrow.tactic.2') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="symbols"
        label={tactic === 1 ? t('escrow.rule.pairs') : t('escrow.rule.coins')}
        extra={t('escrow.rule.symbolsHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('escrow.rule.symbolsRequired') }]}
        normalize={(value: string[]) => value.map((item) => item.trim().toUpperCase()).filter(Boolean)}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          loading={symbols.isPending}
          options={options.map((value) => ({ value, label: value }))}
          placeholder={tactic === 1 ? 'BTC/USDT' : 'BTC'}
          data-testid="risk-rule-symbols"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('escrow.rule.limitsHint')}
      </Typography.Paragraph>
      <Row gutter={12}>
        {LIMIT_FIELDS.map((field) => (
          <Col xs={24} sm={12} key={field}>
            <Form.Item name={field} label={t(`escrow.limit.${field}`)} rules={limitRules}>
              <Input
                inputMode="decimal"
                placeholder={t('escrow.noLimit')}
                allowClear
                data-testid={`risk-rule-${field}`}
              />
            </Form.Item>
          </Col>
        ))}
        {category !== undefined && PERPETUAL_CATEGORIES.includes(category) ? (
          <Col xs={24} sm={12}>
            <Form.Item name="contract_lever" label={t('escrow.limit.contract_lever')}>
              <InputNumber
                min={1}
                max={MAX_CONTRACT_LEVER}
                precision={0}
                addonAfter="×"
                placeholder={t('escrow.noLimit')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </CodeDialog>
  );
}
