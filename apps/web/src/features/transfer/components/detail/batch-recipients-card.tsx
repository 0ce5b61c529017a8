import { Card, Table, Tag } from 'antd';
import { labelName } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { BatchOutput } from '../../api/batch-estimate';
import { AddressText } from '@/features/wallet';
import { TokenAmount } from '../transfer-bits';

const EFFECT_COLOR = { pending: 'processing', paid: 'success', failed: 'error' } as const;

/** A batch's rows in its detail (paginated), each with what it did on chain: pending, paid or failed. */
export function BatchRecipientsCard({ outputs }: { outputs: BatchOutput[] }) {
  const { t } = useLazyTranslation('batch');
  return (
    <Card
      size="small"
      title={t('detail.title', { count: outputs.length })}
      data-testid="batch-recipients-card"
    >
      <Table<BatchOutput>
        size="small"
        rowKey="row"
        dataSource={outputs}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(output) => ({ 'data-testid': `batch-output-${output.row}` }) as never}
        columns={[
          { title: t('columns.row'), dataIndex: 'row', width: 56 },
          {
            title: t('detail.effect'),
            key: 'effect',
            render: (_, output) => (
              <Tag color={EFFECT_COLOR[output.effect]} data-testid="batch-output-effect">
                {t(`detail.effects.${output.effect}`)}
              </Tag>
            ),
          },
          {
            title: t('columns.address'),
            key: 'address',
            render: (_, output) => <AddressText address={output.address} />,
          },
          {
            title: t('columns.amount'),
            key: 'amount',
            render: (_, output) => <TokenAmount amount={output.amount} symbol={output.symbol} />,
          },
          { title: t('columns.memo'), key: 'memo', render: (_, output) => output.memo || '—' },
          {
            title: t('columns.fund_purpose'),
            key: 'fund_purpose',
            render: (_, output) => (output.fund_purpose ? labelName(output.fund_purpose, t) : '—'),
          },
        ]}
      />
    </Card>
  );
}
