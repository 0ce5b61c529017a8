import type { ReactNode } from 'react';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { POLICY_DESTINATIONS } from '@keystead/contract/api/transfer-policy';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useChains } from '@/features/wallet';

type Option = { value: number; label: string };

/** One grid cell: full width on a phone, `md` of 24 columns from a tablet up. */
const Cell = ({ md = 6, children }: { md?: number; children: ReactNode }) => (
  <Col xs={24} sm={12} md={md}>
    {children}
  </Col>
);
const full = { width: '100%' };
/** One cell holding a select field with its choices. */
const SelectCell = (props: {
  name: (string | number)[];
  label: string;
  initialValue: string;
  options: { value: string; label: string }[];
}) => (
  <Cell>
    <Form.Item name={props.name} label={props.label} initialValue={props.initialValue}>
      <Select options={props.options} />
    </Form.Item>
  </Cell>
);
/** A section of the rule: a small heading across the grid. */
const Section = ({ title }: { title: string }) => (
  <Col span={24}>
    <Divider orientation="left" plain style={{ margin: '0 0 8px' }}>
      {title}
    </Divider>
  </Col>
);

/**
 * One rule of the editor: its name, its conditions (amount, tokens, chains, wallets, initiators,
 * destinations, time window, velocity) and its action (allow with group approvals, second factor
 * and delay, or block with a reason). Empty fields are no condition.
 */
export function RuleFields(props: { name: number; wallets: Option[]; members: Option[]; groups: string[] }) {
  const { t } = useLazyTranslation('transferPolicy');
  const chains = useChains();
  const n = props.name;
  const kind = Form.useWatch(['rules', n, 'then', 'kind']);
  const multiple = { mode: 'multiple' as const, style: full, optionFilterProp: 'label', allowClear: true };
  const days = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`day.${d}`) }));
  return (
    <Row gutter={12}>
      <Cell md={12}>
        <Form.Item name={[n, 'name']} label={t('editor.name')} rules={[{ required: true }]}>
          <Input data-testid="policy-rule-name" />
        </Form.Item>
      </Cell>
      <Section title={t('editor.sectionWhen')} />
      <Cell>
        <Form.Item name={[n, 'when', 'amount_usd', 'gte']} label={t('editor.usdGte')}>
          <Input prefix="$" inputMode="decimal" data-testid="policy-rule-usd-gte" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={[n, 'when', 'amount_usd', 'lt']} label={t('editor.usdLt')}>
          <Input prefix="$" inputMode="decimal" data-testid="policy-rule-usd-lt" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={[n, 'when', 'symbols']} label={t('editor.symbols')} tooltip={t('editor.tagsHint')}>
          <Select mode="tags" style={full} open={false} data-testid="policy-rule-symbols" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={[n, 'when', 'chains']} label={t('editor.chains')}>
          <Select
            {...multiple}
            options={(chains.data?.list ?? []).map((c) => ({ value: c.chain_id, label: c.name }))}
          />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={[n, 'when', 'wallet_ids']} label={t('editor.wallets')}>
          <Select {...multiple} options={props.wallets} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={[n, 'when', 'initiator_ids']} label={t('editor.initiators')}>
          <Select {...multiple} options={props.members} />
        </Form.Item>
      </Cell>
      <Cell md={12}>
        <Form.Item name={[n, 'when', 'destinations']} label={t('editor.destinations')}>
          <Select
            {...multiple}
            options={POLICY_DESTINATIONS.map((d) => ({ value: d, label: t(`destination.${d}`) }))}
            data-testid="policy-rule-destinations"
          />
        </Form.Item>
      </Cell>
      <Section title={t('editor.sectionWindow')} />
      <Cell md={12}>
        <Form.Item name={[n, 'when', 'time_window', 'days']} label={t('editor.days')}>
          <Select {...multiple} options={days} />
        </Form.Item>
      </Cell>
      <Col xs={12} md={3}>
        <Form.Item name={[n, 'when', 'time_window', 'from']} label={t('editor.from')}>
          <Input placeholder="09:00" />
        </Form.Item>
      </Col>
      <Col xs={12} md={3}>
        <Form.Item name={[n, 'when', 'time_window', 'to']} label={t('editor.to')}>
          <Input placeholder="18:00" />
        </Form.Item>
      </Col>
      <Cell>
        <Form.Item name={[n, 'when', 'time_window', 'time_zone']} label={t('editor.zone')}>
          <Input placeholder="Asia/Hong_Kong" />
        </Form.Item>
      </Cell>
      <Col span={24} style={{ marginBottom: 16 }}>
        <Form.Item name={[n, 'when', 'time_window', 'outside']} valuePropName="checked" noStyle>
          <Checkbox>{t('editor.outside')}</Checkbox>
        </Form.Item>
      </Col>
      <Section title={t('editor.sectionVelocity')} />
      <SelectCell
        name={[n, 'when', 'velocity', 'scope']}
        label={t('editor.velocityScope')}
        initialValue="wallet"
        options={(['wallet', 'space'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }))}
      />
      <SelectCell
        name={[n, 'when', 'velocity', 'window']}
        label={t('editor.velocityWindow')}
        initialValue="24h"
        options={(['24h', '7d'] as const).map((w) => ({ value: w, label: t(`window.${w}`) }))}
      />
      <SelectCell
        name={[n, 'when', 'velocity', 'measure']}
        label={t('editor.velocityMeasure')}
        initialValue="usd"
        options={[
          { value: 'usd', label: t('editor.measureUsd') },
          { value: 'count', label: t('editor.measureCount') },
        ]}
      />
      <Cell>
        <Form.Item name={[n, 'when', 'velocity', 'gte']} label={t('editor.velocityGte')}>
          <Input inputMode="decimal" data-testid="policy-rule-velocity-gte" />
        </Form.Item>
      </Cell>
      <Section title={t('editor.sectionThen')} />
      <Cell>
        <Form.Item name={[n, 'then', 'kind']} label={t('editor.action')}>
          <Select
            data-testid="policy-rule-kind"
            options={[
              { value: 'allow', label: t('editor.allow') },
              { value: 'block', label: t('editor.block') },
            ]}
          />
        </Form.Item>
      </Cell>
      {kind === 'block' ? (
        <Cell md={18}>
          <Form.Item name={[n, 'then', 'reason']} label={t('editor.reason')} rules={[{ required: true }]}>
            <Input data-testid="policy-rule-reason" />
          </Form.Item>
        </Cell>
      ) : (
        <>
          <Cell>
            <Form.Item name={[n, 'then', 'group_approvals', 'group']} label={t('editor.group')}>
              <Select
                allowClear
                options={props.groups.map((g) => ({ value: g, label: g }))}
                data-testid="policy-rule-group"
              />
            </Form.Item>
          </Cell>
          <Cell>
            <Form.Item name={[n, 'then', 'group_approvals', 'count']} label={t('editor.groupCount')}>
              <InputNumber min={1} max={20} style={full} data-testid="policy-rule-group-count" />
            </Form.Item>
          </Cell>
          <Cell>
            <Form.Item name={[n, 'then', 'delay_minutes']} label={t('editor.delay')}>
              <InputNumber min={1} max={43200} style={full} data-testid="policy-rule-delay" />
            </Form.Item>
          </Cell>
          <Cell md={12}>
            <Form.Item
              name={[n, 'then', 'group_approvals', 'replaces_wallet_threshold']}
              valuePropName="checked"
              noStyle
            >
              <Checkbox>{t('editor.instead')}</Checkbox>
            </Form.Item>
          </Cell>
          <Cell md={12}>
            <Form.Item name={[n, 'then', 'second_factor']} valuePropName="checked" noStyle>
              <Checkbox data-testid="policy-rule-second-factor">{t('editor.secondFactor')}</Checkbox>
            </Form.Item>
          </Cell>
        </>
      )}
    </Row>
  );
}
