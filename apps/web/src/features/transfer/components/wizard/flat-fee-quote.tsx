import { Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { SingleFeeEstimate } from '../../api/single-fee-estimate';
import { SolFeeParts } from '../detail/sol/sol-fee-parts';
import { TronFeeParts } from '../detail/tron/tron-fee-parts';
import { toUnits } from './amount-rules';
import { usdLine } from './fee-usd';

/**
 * How many signature slots an XRP fee pays for: a multisigned transaction costs the open ledger's
 * fee per slot (the rate, in drops) times 1 + its signers; the total comes in XRP.
 */
export function xrpFeeSlots(fee: string, rate: string): number | null {
  const drops = toUnits(fee, 6);
  if (drops === null || !/^[1-9]\d*$/.test(rate)) return null;
  return Number(drops / BigInt(rate));
}

/**
 * A fee without tiers, one figure at the chain's prices, in the coin and USD, with what it comes
 * from: Tron (unit "energy") burns energy at its price in sun, bandwidth and the multisig fee,
 * part by part; XRP (unit "drops") pays the open ledger's cost per signature slot; Solana (unit
 * "lamports") is what the space's fee payer spends, signatures, priority and any new token account.
 */
export function FlatFeeQuote({ data }: { data: SingleFeeEstimate }) {
  const { t } = useLazyTranslation('transfer');
  const tier = data.tiers.standard;
  return (
    <div data-testid={`fee-quote-${data.unit}`}>
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 12, alignItems: 'baseline' }}>
        <Typography.Text strong data-testid="fee-quote-standard-coin">
          {tier.fee} {data.symbol}
        </Typography.Text>
        <Typography.Text>{usdLine(tier.fee_usd, tier.fee) ?? t('feeQuote.noPrice')}</Typography.Text>
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12 }}
          data-testid={`fee-quote-${data.unit}-rate`}
        >
          {data.unit === 'drops'
            ? t('xrp.fee.rate', { value: tier.rate, slots: xrpFeeSlots(tier.fee, tier.rate) ?? '?' })
            : data.unit === 'lamports'
              ? t('sol.feeParts.rate', { value: tier.rate })
              : t('tron.fee.rate', { value: tier.rate })}
        </Typography.Text>
      </div>
      {data.unit === 'lamports' ? (
        <SolFeeParts parts={data.parts} symbol={data.symbol} />
      ) : (
        <TronFeeParts parts={data.parts} total={null} symbol={data.symbol} />
      )}
    </div>
  );
}
