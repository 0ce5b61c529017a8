import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { labelName } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { BatchEstimate, BatchRow } from '../../api/batch-estimate';
import { HexText, TokenAmount } from '../transfer-bits';
import { WizardActions } from '../wizard/wizard-actions';

/** Whether `amount` is more than `available` (decimal strings, compared without floats). */
export function exceeds(amount: string, available: string): boolean {
  const scale = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return [BigInt(whole || '0'), fraction] as const;
  };
  const [aw, af] = scale(amount);
  const [bw, bf] = scale(available);
  if (aw !== bw) return aw > bw;
  const width = Math.max(af.length, bf.length);
  return BigInt(af.padEnd(width, '0') || '0') > BigInt(bf.padEnd(width, '0') || '0');
}

/**
 * §4 batch review: how many recipients, what each asset's total is against what the wallet can
 * spend, the fee and who pays it, and every row as the server read it, before the task exists.
 */
export function BatchReview(props: {
  walletName: string;
  estimate: BatchEstimate;
  remark: string;
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
}) {
  const { t } = useLazyTranslation('batch');
  const { estimate } = props;
  const { fee } = estimate;
  const short = estimate.totals.some((total) => exceeds(total.amount, total.available));
  return (
    <div data-testid="batch-review">
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('review.wallet')}>{props.walletName}</Descriptions.Item>
        <Descriptions.Item label={t('review.recipients')}>
          <span data-testid="batch-review-recipients">
            {t('review.recipientsValue', { count: estimate.recipients, max: estimate.max_recipients })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('review.fee')}>
          <Space direction="vertical" size={0} data-testid="batch-review-fee">
            <span>
              <TokenAmount amount={fee.fee} symbol={fee.symbol} />
              {fee.fee_usd ? ` (≈ $${fee.fee_usd})` : ''}
              {' · '}
              {fee.rate} {fee.unit}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`review.paidBy.${fee.paid_by}`, { symbol: fee.symbol })}
            </Typography.Text>
          </Space>
        </Descriptions.Item>
        {props.remark ? (
          <Descriptions.Item label={t('fields.remark')}>{props.remark}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Title level={5}>{t('review.totals')}</Typography.Title>
      <Table
        size="small"
        rowKey="token_key"
        pagination={false}
        dataSource={estimate.totals}
        style={{ marginBottom: 16 }}
        onRow={(total) => ({ 'data-testid': `batch-total-${total.symbol}` }) as never}
        columns={[
          { title: t('review.asset'), dataIndex: 'symbol' },
          {
            title: t('review.total'),
            key: 'amount',
            render: (_: unknown, total) => (
              <strong>
                <TokenAmount amount={total.amount} symbol={total.symbol} />
              </strong>
            ),
          },
          {
            title: t('review.available'),
            key: 'available',
            render: (_: unknown, total) => (
              <Space size={6}>
                <TokenAmount amount={total.available} symbol={total.symbol} />
                {exceeds(total.amount, total.available) ? (
                  <Tag color="red">{t('review.short')}</Tag>
                ) : (
                  <Tag color="green">{t('review.enough')}</Tag>
                )}
              </Space>
            ),
          },
        ]}
      />
      {short ? (
        <Alert type="error" showIcon message={t('review.shortHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Typography.Title level={5}>{t('review.rows')}</Typography.Title>
      <BatchRowsTable rows={estimate.rows} />
      <WizardActions
        onBack={props.onBack}
        onNext={props.onCreate}
        loading={props.creating}
        disabled={short}
        nextText={t('review.create', { count: estimate.recipients })}
        testId="batch-create"
      />
    </div>
  );
}

/** The batch's rows (paginated): row, recipient, amount, memo, fund purpose. */
export function BatchRowsTable(props: { rows: BatchRow[] }) {
  const { t } = useLazyTranslation('batch');
  return (
    <Table<BatchRow>
      size="small"
      rowKey="row"
      dataSource={props.rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      onRow={(row) => ({ 'data-testid': `batch-review-row-${row.row}` }) as never}
      columns={[
        { title: t('columns.row'), dataIndex: 'row', width: 64 },
        { title: t('columns.address'), key: 'address', render: (_, row) => <HexText value={row.address} /> },
        {
          title: t('columns.amount'),
          key: 'amount',
          render: (_, row) => <TokenAmount amount={row.amount} symbol={row.symbol} />,
        },
        { title: t('columns.memo'), key: 'memo', render: (_, row) => row.memo || '—' },
        {
          title: t('columns.fund_purpose'),
          key: 'fund_purpose',
          render: (_, row) => (row.fund_purpose ? labelName(row.fund_purpose, t) : '—'),
        },
      ]}
    />
  );
}
