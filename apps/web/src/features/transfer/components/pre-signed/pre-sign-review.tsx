import { Descriptions, Table } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { PreSignEstimate } from '../../api/pre-sign-estimate';
import { HexText, TokenAmount } from '../transfer-bits';
import { WizardActions } from '../wizard/wizard-actions';
import type { PreSignItemDraft } from './pre-sign-draft';

type Row = PreSignEstimate['transfers'][number] & { index: number; item: PreSignItemDraft | undefined };

/** §4 pre-signed review: each transfer's nonce and broadcast fee, before the tasks exist. */
export function PreSignReview(props: {
  walletName: string;
  estimate: PreSignEstimate;
  items: PreSignItemDraft[];
  symbolOf: (token: string | null) => string;
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
}) {
  const { t } = useLazyTranslation('preSign');
  const { estimate } = props;
  const rows: Row[] = estimate.transfers.map((line, index) => ({ ...line, index, item: props.items[index] }));
  return (
    <div data-testid="pre-sign-review">
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('review.wallet')}>{props.walletName}</Descriptions.Item>
        <Descriptions.Item label={t('review.waiting')}>
          <span data-testid="pre-sign-waiting">
            {t('review.waitingValue', { waiting: estimate.waiting, max: estimate.max })}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Table<Row>
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `pre-sign-review-row-${row.index}` }) as never}
        columns={[
          {
            title: t('review.nonce'),
            key: 'nonce',
            width: 80,
            render: (_, row) => <span data-testid="pre-sign-review-nonce">{row.nonce ?? '—'}</span>,
          },
          { title: t('fields.name'), dataIndex: 'name' },
          { title: t('fields.to'), key: 'to', render: (_, row) => <HexText value={row.item?.to ?? null} /> },
          {
            title: t('fields.amount'),
            key: 'amount',
            render: (_, row) => (
              <TokenAmount
                amount={row.item?.amount ?? null}
                symbol={props.symbolOf(row.item?.token ?? null)}
              />
            ),
          },
          {
            title: t('review.fee'),
            key: 'fee',
            render: (_, row) => (
              <span data-testid="pre-sign-review-fee">
                <TokenAmount amount={row.fee} symbol={row.fee_symbol} /> · {row.rate} Gwei
              </span>
            ),
          },
        ]}
      />
      <WizardActions
        onBack={props.onBack}
        onNext={props.onCreate}
        loading={props.creating}
        nextText={t('review.create', { count: rows.length })}
        testId="pre-sign-create"
      />
    </div>
  );
}
