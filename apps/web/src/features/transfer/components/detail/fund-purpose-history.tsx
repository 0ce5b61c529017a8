import { List, Modal, Skeleton, Typography } from 'antd';
import type { Label } from '@keystead/contract/api/labels';
import { QueryError } from '@/components/ui/query-error';
import { labelName } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useLabelRecords } from '../../api/label-record';
import { formatTime } from '../transfer-bits';

/** Who set the transfer's fund purpose, from what to what and when (newest first). */
export function FundPurposeHistory(props: { taskId: number; open: boolean; onClose: () => void }) {
  const { t } = useLazyTranslation('transfer');
  const records = useLabelRecords(props.taskId, props.open);
  const name = (label: Label | null) => (label ? labelName(label, t) : t('fundPurpose.none'));
  return (
    <Modal
      open={props.open}
      title={t('fundPurpose.historyTitle')}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {records.isError ? (
        <QueryError
          title={t('fundPurpose.historyLoadError')}
          error={records.error}
          onRetry={() => records.refetch()}
          retrying={records.isFetching}
        />
      ) : !records.data ? (
        <Skeleton active />
      ) : (
        <List
          size="small"
          dataSource={records.data.list}
          locale={{ emptyText: t('fundPurpose.historyEmpty') }}
          data-testid="fund-purpose-records"
          renderItem={(record) => (
            <List.Item data-testid="fund-purpose-record">
              <List.Item.Meta
                title={t(
                  !record.previous
                    ? 'fundPurpose.set'
                    : !record.label
                      ? 'fundPurpose.cleared'
                      : 'fundPurpose.change',
                  {
                    user: record.user?.nickname ?? t('fundPurpose.someone'),
                    from: name(record.previous),
                    to: name(record.label),
                  },
                )}
                description={<Typography.Text type="secondary">{formatTime(record.ctime)}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
