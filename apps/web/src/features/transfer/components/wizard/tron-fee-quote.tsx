import { Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { SingleFeeEstimate } from '../../api/single-fee-estimate';
import { TronFeeParts } from '../detail/tron/tron-fee-parts';

/**
 * A Tron transfer's estimate (unit "energy"): Tron has no fee market, so one figure at the chain's
 * prices — the energy a TRC20 call burns at its price in sun, the bandwidth, the multisig fee — in TRX.
 */
export function TronFeeQuote({ data }: { data: SingleFeeEstimate }) {
  const { t } = useLazyTranslation('transfer');
  const tier = data.tiers.standard;
  return (
    <div data-testid="fee-quote-energy">
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 12, alignItems: 'baseline' }}>
        <Typography.Text strong data-testid="fee-quote-standard-coin">
          {tier.fee} {data.symbol}
        </Typography.Text>
        <Typography.Text>
          {tier.fee_usd === null ? t('feeQuote.noPrice') : `≈ $${tier.fee_usd}`}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="fee-quote-energy-rate">
          {t('tron.fee.rate', { value: tier.rate })}
        </Typography.Text>
      </div>
      <TronFeeParts parts={data.parts} total={null} symbol={data.symbol} />
    </div>
  );
}
