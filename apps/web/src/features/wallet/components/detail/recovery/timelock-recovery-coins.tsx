import { Space, Statistic, Table, Tag, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TimelockRecoveryInfo } from '../../../api/get-timelock-recovery';
import { satToCoin } from '../../../timelock-recovery';
import { AddressText } from '../../wallet-bits';

type Coin = TimelockRecoveryInfo['coins'][number];

/** Totals and the wallet's coins by age: recoverable now, or how many blocks are left. */
export function TimelockRecoveryCoins({ info, symbol }: { info: TimelockRecoveryInfo; symbol: string }) {
  const { t } = useLazyTranslation('recovery');
  const coin = (sat: string) => `${satToCoin(sat)} ${symbol}`.trim();
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space size={48} wrap>
        <Statistic
          title={t('timelock.matured')}
          value={coin(info.matured_sat)}
          valueStyle={{ fontSize: 20 }}
          data-testid="timelock-matured"
        />
        <Statistic
          title={t('timelock.waiting')}
          value={coin(info.waiting_sat)}
          valueStyle={{ fontSize: 20 }}
          data-testid="timelock-waiting"
        />
      </Space>
      <Table<Coin>
        rowKey="outpoint"
        size="small"
        pagination={false}
        dataSource={info.coins}
        scroll={{ x: true }}
        locale={{ emptyText: t('timelock.noCoins') }}
        data-testid="timelock-coins"
        columns={[
          {
            title: t('timelock.address'),
            dataIndex: 'address',
            render: (address: string) => <AddressText address={address} />,
          },
          { title: t('timelock.amount'), dataIndex: 'value_sat', render: (sat: string) => coin(sat) },
          { title: t('timelock.confirmations'), dataIndex: 'confirmations' },
          {
            title: t('timelock.status'),
            dataIndex: 'blocks_left',
            render: (left: number) =>
              left === 0 ? (
                <Tag color="warning" data-testid="coin-recoverable">
                  {t('timelock.recoverableNow')}
                </Tag>
              ) : (
                <Typography.Text data-testid="coin-blocks-left">
                  {t('timelock.blocksLeft', { count: left })}
                </Typography.Text>
              ),
          },
        ]}
      />
    </Space>
  );
}
