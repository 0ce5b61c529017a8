import { Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import { FeePicker } from '../wizard/fee-picker';
import type { ItemErrors, PreSignItemDraft } from './pre-sign-draft';

const NATIVE = 'native';

export interface AssetLine {
  contract_address: string | null;
  symbol: string;
  amount_display: string;
}

/** One pre-signed transfer of the list: name, asset, recipient, amount and its fee tier. */
export function PreSignItemCard(props: {
  index: number;
  item: PreSignItemDraft;
  walletId: number;
  assets: AssetLine[];
  /** Errors to show now (after the user tried to check). */
  errors: ItemErrors;
  removable: boolean;
  onChange: (patch: Partial<PreSignItemDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useLazyTranslation('preSign');
  const { item, errors } = props;
  const symbol = props.assets.find((line) => line.contract_address === item.token)?.symbol;
  const status = (key: keyof ItemErrors) =>
    errors[key] ? { validateStatus: 'error' as const, help: t(`errors.${key}`) } : {};
  return (
    <Card
      size="small"
      title={t('item', { index: props.index + 1 })}
      data-testid={`pre-sign-item-${props.index}`}
      extra={
        props.removable ? (
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={props.onRemove}
            data-testid="pre-sign-item-remove"
          >
            {t('remove')}
          </Button>
        ) : null
      }
    >
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.name')} required {...status('name')}>
              <Input
                value={item.name}
                maxLength={40}
                showCount
                placeholder={t('fields.namePlaceholder')}
                onChange={(event) => props.onChange({ name: event.target.value.trimStart() })}
                data-testid="pre-sign-name"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.asset')}>
              <Select<string>
                value={item.token ?? NATIVE}
                onChange={(value) => props.onChange({ token: value === NATIVE ? null : value })}
                options={props.assets.map((line) => ({
                  value: line.contract_address ?? NATIVE,
                  label: `${line.symbol} · ${line.amount_display}`,
                }))}
                data-testid="pre-sign-asset"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.to')} required {...status('to')}>
              <Input
                value={item.to}
                placeholder="0x…"
                autoComplete="off"
                style={{ fontFamily: 'ui-monospace, monospace' }}
                onChange={(event) => props.onChange({ to: event.target.value.trim() })}
                data-testid="pre-sign-to"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.amount')} required {...status('amount')}>
              <Input
                value={item.amount}
                inputMode="decimal"
                suffix={symbol}
                onChange={(event) => props.onChange({ amount: event.target.value.trim() })}
                data-testid="pre-sign-amount"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('fields.feeTier')} style={{ marginBottom: 0 }}>
          <FeePicker
            walletId={props.walletId}
            tier={item.feeTier}
            custom={item.customFee}
            error={errors.fee ? t('errors.fee') : null}
            onChange={(feeTier, customFee) => props.onChange({ feeTier, customFee })}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
