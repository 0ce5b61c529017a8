import { Button, Card, Descriptions, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { QueryError } from '@/components/ui/query-error';
import { useLiveBalance } from '../../api/live-balance';
import { formatAmount } from '../wallet-bits';

/**
 * "On chain now" beside the deposit address (GET /balance): what the chain holds at this moment,
 * to see a deposit arrive without waiting for the cached balances. A chain that cannot be read is
 * said as such (with Retry), never shown as 0.
 */
export function LiveBalanceCard({ chainKey, address }: { chainKey: string; address: string }) {
  const { t } = useTranslation('wallets');
  const balance = useLiveBalance(chainKey, address);
  return (
    <Card
      size="small"
      title={t('deposit.live.title')}
      data-testid="live-balance"
      extra={
        balance.data ? (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={balance.isFetching}
            onClick={() => void balance.refetch()}
            data-testid="live-balance-refresh"
          >
            {t('deposit.live.refresh')}
          </Button>
        ) : null
      }
      loading={balance.isPending}
    >
      {balance.isError ? (
        <QueryError
          title={t('deposit.live.error')}
          error={balance.error}
          onRetry={() => balance.refetch()}
          retrying={balance.isFetching}
          testId="live-balance-error"
        />
      ) : balance.data ? (
        <>
          <Descriptions
            size="small"
            column={1}
            items={balance.data.list.map((line) => ({
              key: line.token_key,
              label: line.symbol,
              children: (
                <span title={line.balance} data-testid={`live-balance-${line.symbol}`}>
                  {formatAmount(line.balance, 6).replace(/\.?0+$/, '')}
                </span>
              ),
            }))}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('deposit.live.readAt', { time: dayjs(balance.dataUpdatedAt).format('HH:mm:ss') })}
          </Typography.Text>
        </>
      ) : null}
    </Card>
  );
}
