import { Descriptions, Drawer, Grid, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { AddressText } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useTransferRecordInfo } from '../../api/transfer-record-info';
import { HexText, TokenAmount, formatTime } from '../transfer-bits';
import { RecordCostPrice, RecordRemark } from './record-notes';

/** One on-chain record (GET /transfer/info): what the chain says of it now. */
export function RecordDrawer({ recordId, onClose }: { recordId: number | null; onClose: () => void }) {
  const { t } = useLazyTranslation('transfer');
  const screens = Grid.useBreakpoint();
  const info = useTransferRecordInfo(recordId);
  const record = info.data;
  return (
    <Drawer
      open={recordId !== null}
      onClose={onClose}
      title={t('records.detail.title')}
      width={screens.md ? 560 : '100%'}
      destroyOnHidden
      data-testid="record-drawer"
    >
      {info.isError ? (
        <QueryError
          title={t('records.detail.loadError')}
          error={info.error}
          onRetry={() => info.refetch()}
          retrying={info.isFetching}
          testId="record-error"
        />
      ) : !record ? (
        <Skeleton active />
      ) : (
        <Descriptions
          column={1}
          size="small"
          bordered
          layout={screens.sm ? 'horizontal' : 'vertical'}
          data-testid="record-detail"
        >
          <Descriptions.Item label={t('records.direction')}>
            <Tag color={record.direction === 1 ? 'green' : 'blue'} data-testid="record-direction">
              {t(`records.dir.${record.direction}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.wallet')}>{record.wallet_name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.amount')}>
            <TokenAmount amount={record.amount} symbol={record.symbol} testId="record-amount" />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.txHash')}>
            <HexText value={record.tx_hash} testId="record-hash" />
          </Descriptions.Item>
          <Descriptions.Item label={t('records.block')}>
            <span data-testid="record-block">{record.block_number}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('records.detail.confirmations')}>
            <span data-testid="record-confirmations">
              {record.confirmations === null ? (
                <Typography.Text type="secondary">{t('records.detail.unknown')}</Typography.Text>
              ) : (
                record.confirmations
              )}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.feePaid')}>
            {record.fee === null ? (
              <Typography.Text type="secondary" data-testid="record-fee">
                {t('records.detail.noFee')}
              </Typography.Text>
            ) : (
              <TokenAmount amount={record.fee} symbol={record.fee_symbol} testId="record-fee" />
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.from')}>
            <AddressText address={record.from} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.to')}>
            <AddressText address={record.to} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.created')}>{formatTime(record.ctime)}</Descriptions.Item>
          <Descriptions.Item label={t('records.notes.remark')}>
            <RecordRemark record={record} />
          </Descriptions.Item>
          <Descriptions.Item label={t('records.notes.costPrice', { symbol: record.symbol })}>
            <RecordCostPrice record={record} />
          </Descriptions.Item>
          {record.task_id !== null ? (
            <Descriptions.Item label={t('records.detail.transfer')}>
              <Link to={`/task/${record.task_id}`} data-testid="record-transfer-link">
                {t('records.detail.openTransfer')}
              </Link>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      )}
    </Drawer>
  );
}
