import type { ReactNode } from 'react';
import { Input, Radio, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { FeeTier } from '../../api/types';

const TIERS: FeeTier[] = ['slow', 'standard', 'fast', 'custom'];

export interface FeeTierChoiceProps {
  tier: FeeTier;
  custom: string;
  error?: string | null;
  onChange: (tier: FeeTier, custom: string) => void;
  /** The quote under a tier's name ("1.2 Gwei", "3 sat/vB"), or null while it loads. */
  quote: (tier: Exclude<FeeTier, 'custom'>) => string | null;
  failed: boolean;
  customHint: string;
  unit: string;
  placeholder?: string | undefined;
  /** The line under the choice: when the quotes were refreshed. */
  footer: ReactNode;
}

/** §3 fee selection, whatever the unit: slow / standard (recommended) / fast quotes, or a custom value. */
export function FeeTierChoice(props: FeeTierChoiceProps) {
  const { t } = useLazyTranslation('transfer');
  return (
    <div data-testid="fee-picker">
      <Radio.Group
        value={props.tier}
        onChange={(event) => props.onChange(event.target.value as FeeTier, props.custom)}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {TIERS.map((tier) => (
          <Radio.Button
            key={tier}
            value={tier}
            data-testid={`fee-${tier}`}
            style={{ height: 'auto', lineHeight: 1.4, padding: '6px 12px', borderRadius: 6 }}
          >
            <div>{t(`fee.${tier}`)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {tier === 'custom'
                ? props.customHint
                : (props.quote(tier) ?? (props.failed ? t('fee.unavailable') : '…'))}
            </Typography.Text>
          </Radio.Button>
        ))}
      </Radio.Group>
      {props.tier === 'custom' ? (
        <Input
          style={{ marginTop: 8, maxWidth: 240 }}
          value={props.custom}
          inputMode="decimal"
          onChange={(event) => props.onChange('custom', event.target.value.trim())}
          addonAfter={props.unit}
          placeholder={props.placeholder}
          data-testid="fee-custom"
          status={props.error ? 'error' : undefined}
        />
      ) : null}
      {props.error ? (
        <div
          className="ant-form-item-explain-error"
          style={{ color: '#ff4d4f', marginTop: 4 }}
          data-testid="fee-error"
        >
          {props.error}
        </div>
      ) : null}
      <Typography.Text
        type="secondary"
        style={{ display: 'block', fontSize: 12, marginTop: 6 }}
        data-testid="fee-refreshed"
      >
        {props.footer}
      </Typography.Text>
    </div>
  );
}
