import { Input, Radio, Typography } from 'antd';
import { useFeeEstimate } from '../../api/create-transfer';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { FeeTier } from '../../api/types';

const TIERS: FeeTier[] = ['slow', 'standard', 'fast', 'custom'];
export const GWEI_PATTERN = /^\d{1,6}(\.\d{1,9})?$/;

/** §3 fee selection: slow / standard (recommended) / fast from POST /fee/estimate (refreshed every 30 s), or custom Gwei. */
export function FeePicker(props: { walletId: number; tier: FeeTier; custom: string; error?: string | null; onChange: (tier: FeeTier, custom: string) => void }) {
  const { t } = useLazyTranslation('transfer');
  const fee = useFeeEstimate(props.walletId);
  const tiers = fee.data?.tiers;
  return (
    <div data-testid="fee-picker">
      <Radio.Group value={props.tier} onChange={(event) => props.onChange(event.target.value as FeeTier, props.custom)} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {TIERS.map((tier) => (
          <Radio.Button key={tier} value={tier} data-testid={`fee-${tier}`} style={{ height: 'auto', lineHeight: 1.4, padding: '6px 12px', borderRadius: 6 }}>
            <div>{t(`fee.${tier}`)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {tier === 'custom' ? t('fee.customHint') : tiers ? t('fee.gwei', { value: tiers[tier].max_fee_gwei }) : fee.isError ? t('fee.unavailable') : '…'}
            </Typography.Text>
          </Radio.Button>
        ))}
      </Radio.Group>
      {props.tier === 'custom' ? (
        <Input
          style={{ marginTop: 8, maxWidth: 240 }}
          value={props.custom}
          onChange={(event) => props.onChange('custom', event.target.value.trim())}
          addonAfter="Gwei"
          placeholder={tiers?.fast.max_fee_gwei}
          data-testid="fee-custom"
          status={props.error ? 'error' : undefined}
        />
      ) : null}
      {props.error ? <div className="ant-form-item-explain-error" style={{ color: '#ff4d4f', marginTop: 4 }}>{props.error}</div> : null}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 6 }} data-testid="fee-refreshed">
        {fee.data
          ? t('fee.refreshed', { time: new Date(fee.data.refreshed_at).toLocaleTimeString(), gas: String(fee.data.gas_limit), symbol: fee.data.native_symbol })
          : t('fee.every30')}
      </Typography.Text>
    </div>
  );
}
