import { Card, Table, Tag, Typography } from 'antd';
import { fromUnits } from '../wizard/amount-rules';
import type { BitcoinTaskInfo } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';
import { TokenAmount } from '../transfer-bits';

const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 12,
  wordBreak: 'break-all',
} as const;

export interface OutputRow {
  key: string;
  address: string;
  amount: string;
  change: boolean;
}

/** What the transaction pays: each recipient, then the change back to the wallet. */
export function outputRows(task: BitcoinTaskInfo): OutputRow[] {
  return [
    ...(task.outputs ?? []).map((out, index) => ({
      key: `o${index}`,
      address: out.to,
      amount: out.amount,
      change: false,
    })),
    ...(task.change
      ? [
          {
            key: 'change',
            address: task.change.address,
            amount: fromUnits(BigInt(task.change.value_sat), 8),
            change: true,
          },
        ]
      : []),
  ];
}

/** A Bitcoin-family transaction: the coins it spends and the outputs it pays (change marked). */
export function UtxoTxCard({ task }: { task: BitcoinTaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const symbol = task.symbol ?? '';
  const outputs = outputRows(task);
  return (
    <Card size="small" title={t('utxo.transaction')} data-testid="utxo-tx-card">
      <Typography.Text strong>{t('utxo.inputs', { count: task.inputs?.length ?? 0 })}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        rowKey="outpoint"
        dataSource={task.inputs ?? []}
        data-testid="utxo-inputs"
        style={{ margin: '6px 0 16px' }}
        columns={[
          {
            key: 'outpoint',
            title: t('utxo.outpoint'),
            render: (_v, input) => (
              <Typography.Text
                style={MONO}
                copyable={{ text: input.outpoint }}
              >{`${input.outpoint.slice(0, 10)}…${input.outpoint.slice(-10)}`}</Typography.Text>
            ),
          },
          {
            key: 'value',
            title: t('fields.amount'),
            align: 'right',
            render: (_v, input) => <TokenAmount amount={input.value} symbol={symbol} />,
          },
        ]}
      />
      <Typography.Text strong>{t('utxo.outputsCount', { count: outputs.length })}</Typography.Text>
      <Table<OutputRow>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={outputs}
        data-testid="utxo-outputs"
        style={{ marginTop: 6 }}
        columns={[
          {
            key: 'address',
            title: t('fields.to'),
            render: (_v, row) => (
              <div>
                <Typography.Text style={MONO} copyable={{ text: row.address }}>
                  {row.address}
                </Typography.Text>
                {row.change ? (
                  <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid="utxo-change-tag">
                    {t('utxo.change')}
                  </Tag>
                ) : null}
              </div>
            ),
          },
          {
            key: 'amount',
            title: t('fields.amount'),
            align: 'right',
            render: (_v, row) => <TokenAmount amount={row.amount} symbol={symbol} />,
          },
        ]}
      />
    </Card>
  );
}
