import { List, Typography } from 'antd';
import { formatUsd } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { ExchangeAssetLine } from '../api/get-exchange-assets';
import { formatCoin } from './coin-amount';

/** The balances on a phone: coin and account type, the total and its USD value, available and frozen below. */
export function ExchangeAssetList({ lines, loading }: { lines: ExchangeAssetLine[]; loading: boolean }) {
  const { t } = useLazyTranslation('exchange');
  return (
    <List
      loading={loading}
      dataSource={lines}
      rowKey={(line) => `${line.account_type}:${line.symbol}`}
      data-testid="exchange-assets-table"
      renderItem={(line) => (
        <List.Item
          style={{ display: 'block' }}
          data-testid={`exchange-asset-${line.account_type}-${line.symbol}`}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
            <span>
              <Typography.Text strong>{line.symbol}</Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`accountType.${line.account_type}`, { defaultValue: line.account_type })}
              </Typography.Text>
            </span>
            <span data-testid="exchange-asset-amount" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCoin(line.amount)}
            </span>
          </div>
          <div
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 8,
              fontSize: 12,
              color: 'rgba(0,0,0,0.6)',
              marginTop: 2,
            }}
          >
            <span>
              {t('assets.available_amount')}{' '}
              <span data-testid="exchange-asset-available_amount">{formatCoin(line.available_amount)}</span> ·{' '}
              {t('assets.frozen_amount')}{' '}
              <span data-testid="exchange-asset-frozen_amount">{formatCoin(line.frozen_amount)}</span>
            </span>
            <Typography.Text strong style={{ fontSize: 13 }} data-testid="exchange-asset-value">
              {line.value === null ? t('assets.noPriceShort') : formatUsd(line.value)}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}
