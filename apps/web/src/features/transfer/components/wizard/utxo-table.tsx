import { Link } from 'react-router';
import { Grid, Table, Tag, Typography } from 'antd';
import type { WalletUtxo } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;
const shortOutpoint = (utxo: WalletUtxo) => `${utxo.txid.slice(0, 8)}…${utxo.txid.slice(-6)}:${utxo.vout}`;

/** The wallet's unspent outputs with checkboxes (manual coin choice); those locked by active transfers are disabled. */
export function UtxoTable(props: {
  utxos: WalletUtxo[];
  symbol: string;
  selected: string[];
  onChange: (outpoints: string[]) => void;
  loading?: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const screens = Grid.useBreakpoint();
  return (
    <Table<WalletUtxo>
      size="small"
      rowKey="outpoint"
      loading={props.loading}
      dataSource={props.utxos}
      pagination={false}
      scroll={{ y: 280 }}
      data-testid="utxo-table"
      locale={{ emptyText: t('utxo.none') }}
      rowSelection={{
        selectedRowKeys: props.selected,
        onChange: (keys) => props.onChange(keys.map(String)),
        getCheckboxProps: (utxo) =>
          ({ disabled: utxo.locked, 'data-testid': `utxo-check-${utxo.outpoint}` }) as never,
      }}
      columns={[
        {
          key: 'outpoint',
          title: t('utxo.outpoint'),
          render: (_value, utxo) => (
            <Typography.Text style={MONO} copyable={{ text: utxo.outpoint }}>
              {shortOutpoint(utxo)}
            </Typography.Text>
          ),
        },
        {
          key: 'value',
          title: t('fields.amount'),
          align: 'right',
          render: (_value, utxo) => (
            <span style={{ whiteSpace: 'nowrap' }}>{`${utxo.value} ${props.symbol}`}</span>
          ),
        },
        ...(screens.md
          ? [
              {
                key: 'confirmations',
                title: t('utxo.confirmations'),
                align: 'right' as const,
                render: (_value: unknown, utxo: WalletUtxo) => utxo.confirmations,
              },
            ]
          : []),
        {
          key: 'state',
          title: t('utxo.state'),
          render: (_value, utxo) =>
            utxo.locked ? (
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                {utxo.task_id ? (
                  <Link to={`/task/${utxo.task_id}`}>{t('utxo.locked')}</Link>
                ) : (
                  t('utxo.locked')
                )}
              </Tag>
            ) : utxo.confirmations === 0 ? (
              <Tag style={{ marginInlineEnd: 0 }}>{t('utxo.unconfirmed')}</Tag>
            ) : (
              <Tag color="green" style={{ marginInlineEnd: 0 }}>
                {t('utxo.free')}
              </Tag>
            ),
        },
      ]}
    />
  );
}
