import { useMemo } from 'react';
import { Skeleton, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useSingleFeeEstimate, type SingleFeeInput } from '../../api/single-fee-estimate';
import type { FeeTier } from '../../api/types';
import { FlatFeeQuote } from './flat-fee-quote';
import { usdLine } from './fee-usd';

const TIERS = ['slow', 'standard', 'fast'] as const;

/**
 * What this transfer costs at each tier, in the coin and in USD, and who pays it (POST
 * /fee/single-estimate). Asked once the recipient and amount are valid (`input` null before),
 * after typing stops; re-read every 30 s. A failed request says so with Retry, never a zero.
 */
export function FeeQuote(props: { input: SingleFeeInput | null; tier: FeeTier }) {
  const { t } = useLazyTranslation('transfer');
  const key = JSON.stringify(props.input);
  const settledKey = useDebouncedValue(key, 500);
  const input = useMemo(() => JSON.parse(settledKey) as SingleFeeInput | null, [settledKey]);
  const quote = useSingleFeeEstimate(input);
  const typing = key !== settledKey;

  let body;
  if (!props.input) body = <Typography.Text type="secondary">{t('feeQuote.waiting')}</Typography.Text>;
  else if (quote.isError && !typing)
    body = (
      <QueryError
        title={t('feeQuote.failed')}
        error={quote.error}
        onRetry={() => quote.refetch()}
        retrying={quote.isFetching}
        testId="fee-quote-error"
      />
    );
  else if (!quote.data || typing) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (quote.data.unit === 'energy' || quote.data.unit === 'drops' || quote.data.unit === 'lamports')
    body = (
      <>
        <FlatFeeQuote data={quote.data} />
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12 }}
          data-testid="fee-quote-payer"
        >
          {t(`feeQuote.payer.${quote.data.payer}`, { symbol: quote.data.symbol })}
        </Typography.Text>
      </>
    );
  else {
    const data = quote.data;
    body = (
      <>
        {TIERS.map((tier) => {
          const chosen = props.tier === tier;
          const price = usdLine(data.tiers[tier].fee_usd, data.tiers[tier].fee);
          return (
            // One line per tier; on a phone the figures wrap under the tier's name.
            <div
              key={tier}
              data-testid={`fee-quote-${tier}`}
              style={{ display: 'flex', flexWrap: 'wrap', columnGap: 12, alignItems: 'baseline' }}
            >
              <Typography.Text strong={chosen} style={{ flex: '0 0 200px' }}>
                {t(`fee.${tier}`)}
              </Typography.Text>
              <Typography.Text strong={chosen} data-testid={`fee-quote-${tier}-coin`}>
                {data.tiers[tier].fee} {data.symbol}
              </Typography.Text>
              <Typography.Text strong={chosen} data-testid={`fee-quote-${tier}-usd`}>
                {price ?? t('feeQuote.noPrice')}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {data.unit === 'gwei'
                  ? t('fee.gwei', { value: data.tiers[tier].rate })
                  : t('fee.satVb', { value: data.tiers[tier].rate })}
              </Typography.Text>
            </div>
          );
        })}
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12, marginTop: 6 }}
          data-testid="fee-quote-payer"
        >
          {t(`feeQuote.payer.${data.payer}`, { symbol: data.symbol })}
          {props.tier === 'custom' ? ` ${t('feeQuote.custom')}` : ''}
        </Typography.Text>
      </>
    );
  }
  return (
    <div
      data-testid="fee-quote"
      style={{
        marginTop: 10,
        padding: '8px 12px',
        border: '1px solid rgba(0,0,0,0.08)',
        borderRadius: 6,
        background: 'rgba(0,0,0,0.015)',
      }}
    >
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {t('feeQuote.title')}
      </Typography.Text>
      {body}
    </div>
  );
}
