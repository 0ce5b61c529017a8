import { Input, Radio, Typography } from 'antd';
import type { FeeTier } from '../../api/types';
import { useUtxoFeeRates } from '../../api/utxo';
import { useLazyTranslation } from '@/lib/use-namespace';

const TIERS: FeeTier[] = ['slow', 'standard', 'fast', 'custom'];

/** §3 fee selection for Bitcoin-like chains: slow / standard / fast in sat/vB (refreshed every 30 s), or a custom sat/vB. */
export function UtxoFeePicker(props: { walletId: number; tier: FeeTier; custom: string; error?: string | null; onChange: (tier: FeeTier, custom: string) => void }) {
  const { t } = useLazyTranslation('transfer');
  const fee = useUtxoFeeRates(props.walletId);
  const rates = fee.data;
  return (
    <div data-testid="fee-picker">
      <Radio.Group value={props.tier} onChange={(event) => props.onChange(event.target.value as FeeTier, props.custom)} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {TIERS.map((tier) => (
          <Radio.Button key={tier} value={tier} data-testid={`fee-${tier}`} style={{ height: 'auto', lineHeight: 1.4, padding: '6px 12px', borderRadius: 6 }}>
            <div>{t(`fee.${tier}`)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {tier === 'custom' ? t('fee.customRateHint') : rates ? t('fee.satVb', { value: rates[tier] }) : fee.isError ? t('fee.unavailable') : '…'}
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
          addonAfter="sat/vB"
          placeholder={rates ? String(rates.fast) : undefined}
          data-testid="fee-custom"
          status={props.error ? 'error' : undefined}
        />
      ) : null}
      {props.error ? (
        <div className="ant-form-item-explain-error" style={{ color: '#ff4d4f', marginTop: 4 }} data-testid="fee-error">
          {props.error}
        </div>
      ) : null}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 6 }} data-testid="fee-refreshed">
        {rates ? t('fee.refreshedRate', { time: new Date(rates.refreshed_at).toLocaleTimeString() }) : t('fee.every30')}
      </Typography.Text>
    </div>
  );
}

/** The rate (sat/vB) a draft's tier stands for now, or its custom rate. */
export function useDraftFeeRate(walletId: number, tier: FeeTier, custom: string): string | null {
  const fee = useUtxoFeeRates(walletId);
  if (tier === 'custom') return custom || null;
  return fee.data ? String(fee.data[tier]) : null;
}
