import { Space, Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { ProfitLoss as RESULT } from '@keystead/contract/enums';
import { useLazyTranslation } from '@/lib/use-namespace';
import { tokenAmount } from './asset-format';
import type { ProfitLoss } from '../api/get-profit-loss';
import { MASK, useMoney } from './use-money';

export type TokenPnl = ProfitLoss['tokens'][number];

const GAIN = '#389e0d';
const LOSS = '#cf1322';

/** A gain or loss in the user's currency, green above 0 and red below (0 reads neutral). */
export function SignedMoney({ value, testId }: { value: string; testId?: string }) {
  const money = useMoney();
  const number = Number(value);
  return (
    <span
      style={{
        whiteSpace: 'nowrap',
        color: money.hidden || number === 0 ? undefined : number > 0 ? GAIN : LOSS,
      }}
      data-testid={testId}
    >
      {money.format(value, { signed: true })}
    </span>
  );
}

/** §3 profit (1) or loss (2), in words and colour. */
export function PnlResult({ value, testId }: { value: 1 | 2; testId?: string }) {
  const { t } = useLazyTranslation('asset');
  return (
    <Tag
      color={value === RESULT.Profit ? 'success' : 'error'}
      bordered={false}
      style={{ marginInlineEnd: 0 }}
      data-testid={testId}
      data-result={value}
    >
      {t(`pnl.results.${value}`)}
    </Tag>
  );
}

/** The token, a warning when some of its records had no price, and what is held. */
export function PnlToken({ row }: { row: TokenPnl }) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const unpriced = t('pnl.unpriced', { count: row.unpriced_records });
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <Space size={4}>
        <strong>{row.symbol}</strong>
        {row.unpriced_records > 0 ? (
          <Tooltip title={unpriced}>
            <WarningOutlined
              style={{ color: '#faad14' }}
              aria-label={unpriced}
              data-testid="asset-pnl-unpriced"
            />
          </Tooltip>
        ) : null}
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('pnl.holding')} {money.hidden ? MASK : tokenAmount(row.holding)}
      </Typography.Text>
    </div>
  );
}
