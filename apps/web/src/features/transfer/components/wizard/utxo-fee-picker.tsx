import type { FeeTier } from '../../api/types';
import { useUtxoFeeRates } from '../../api/utxo';
import { useLazyTranslation } from '@/lib/use-namespace';
import { FeeTierChoice } from './fee-tier-choice';

/** §3 fee selection for Bitcoin-like chains: slow / standard / fast in sat/vB (refreshed every 30 s), or a custom sat/vB. */
export function UtxoFeePicker(props: {
  walletId: number;
  tier: FeeTier;
  custom: string;
  error?: string | null;
  onChange: (tier: FeeTier, custom: string) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const fee = useUtxoFeeRates(props.walletId);
  const rates = fee.data;
  return (
    <FeeTierChoice
      {...props}
      quote={(tier) => (rates ? t('fee.satVb', { value: rates[tier] }) : null)}
      failed={fee.isError}
      customHint={t('fee.customRateHint')}
      unit="sat/vB"
      placeholder={rates ? String(rates.fast) : undefined}
      footer={
        rates
          ? t('fee.refreshedRate', { time: new Date(rates.refreshed_at).toLocaleTimeString() })
          : t('fee.every30')
      }
    />
  );
}

/** The rate (sat/vB) a draft's tier stands for now, or its custom rate. */
export function useDraftFeeRate(walletId: number, tier: FeeTier, custom: string): string | null {
  const fee = useUtxoFeeRates(walletId);
  if (tier === 'custom') return custom || null;
  return fee.data ? String(fee.data[tier]) : null;
}
