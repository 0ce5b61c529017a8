import { useFeeEstimate } from '../../api/create-transfer';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { FeeTier } from '../../api/types';
import { FeeTierChoice } from './fee-tier-choice';

export const GWEI_PATTERN = /^\d{1,6}(\.\d{1,9})?$/;

/** §3 fee selection: slow / standard (recommended) / fast from POST /fee/estimate (refreshed every 30 s), or custom Gwei. */
export function FeePicker(props: {
  walletId: number;
  tier: FeeTier;
  custom: string;
  error?: string | null;
  onChange: (tier: FeeTier, custom: string) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const fee = useFeeEstimate(props.walletId);
  const tiers = fee.data?.tiers;
  return (
    <FeeTierChoice
      {...props}
      quote={(tier) => (tiers ? t('fee.gwei', { value: tiers[tier].max_fee_gwei }) : null)}
      failed={fee.isError}
      customHint={t('fee.customHint')}
      unit="Gwei"
      placeholder={tiers?.fast.max_fee_gwei}
      footer={
        fee.data
          ? t('fee.refreshed', {
              time: new Date(fee.data.refreshed_at).toLocaleTimeString(),
              gas: String(fee.data.gas_limit),
              symbol: fee.data.native_symbol,
            })
          : t('fee.every30')
      }
    />
  );
}
