import { Descriptions, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { fromUnits } from '../../wizard/amount-rules';

/** Sun (the fee parts' unit) → TRX. */
export const sunToTrx = (sun: string | undefined) => (sun ? fromUnits(BigInt(sun), 6) : '0');

/**
 * What a Tron transfer may burn, part by part (energy for a TRC20 call, bandwidth bytes, the
 * multisig fee, a new recipient's activation), in TRX; and the total. Used by the detail and the
 * wizard's estimate.
 */
export function TronFeeParts(props: {
  parts: Record<string, string> | null | undefined;
  total: string | null | undefined;
  symbol: string;
}) {
  const { t } = useLazyTranslation('transfer');
  const { parts, symbol } = props;
  if (!parts) return null;
  const trx = (sun: string | undefined) => `${sunToTrx(sun)} ${symbol}`;
  return (
    <Descriptions size="small" column={1} colon={false} data-testid="tron-fee-parts">
      <Descriptions.Item label={t('tron.fee.energy', { units: parts.energy ?? '0' })}>
        {trx(parts.energy_fee)}
      </Descriptions.Item>
      <Descriptions.Item label={t('tron.fee.bandwidth', { bytes: parts.bandwidth_bytes ?? '0' })}>
        {trx(parts.bandwidth_fee)}
      </Descriptions.Item>
      <Descriptions.Item label={t('tron.fee.multisig')}>{trx(parts.multisig_fee)}</Descriptions.Item>
      {parts.activation_fee && parts.activation_fee !== '0' ? (
        <Descriptions.Item label={t('tron.fee.activation')}>{trx(parts.activation_fee)}</Descriptions.Item>
      ) : null}
      {props.total ? (
        <Descriptions.Item label={<Typography.Text strong>{t('tron.fee.total')}</Typography.Text>}>
          <Typography.Text strong data-testid="tron-fee-total">
            {props.total} {symbol}
          </Typography.Text>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
