import { useMemo, useState } from 'react';
import { Alert, Button, Card, Space as Stack, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PageHeader } from '@/components/ui/page-header';
import { useSelectedSpaceId } from '@/lib/space';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog, type AuditFilters, type AuditRow } from '../api/list-audit-log';
import { useVerifyAuditLog } from '../api/verify-audit-log';
import { AuditFiltersBar, type AuditFilterValues } from '../components/audit-filters';

const content = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** /audit-log (privileged): filters, paging, CSV export and the integrity check of the hash chain. */
export default function AuditLogPage() {
  const { t } = useLazyTranslation('spaces');
  const spaceId = useSelectedSpaceId() ?? '';
  const [values, setValues] = useState<AuditFilterValues>({});
  const [page, setPage] = useState(1);
  const filters = useMemo<AuditFilters>(
    () => ({
      type: values.type,
      operation: values.operation,
      user_id: values.user_id,
      from: values.range?.[0]?.startOf('day').toISOString(),
      to: values.range?.[1]?.endOf('day').toISOString(),
    }),
    [values],
  );
  const log = useAuditLog(spaceId, { ...filters, page, page_size: 10 });
  const exporter = useExportAuditLog(spaceId);
  const verify = useVerifyAuditLog(spaceId);
  const total = log.data?.total ?? 0;
  const totalText = log.data
    ? t(log.data.total_exact ? 'audit.total' : 'audit.totalCapped', { total: total.toLocaleString('en-US') })
    : '';

  return (
    <div data-testid="audit-log-page">
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description')}
        extra={
          <Stack wrap>
            <Button
              icon={<SafetyCertificateOutlined />}
              loading={verify.isPending}
              onClick={() => verify.mutate()}
              data-testid="audit-verify"
            >
              {t('audit.verify')}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporter.isPending}
              onClick={() => exporter.mutate(filters, { onSuccess: () => toastSuccess(t('audit.exported')) })}
              data-testid="audit-export"
            >
              {t('audit.export')}
            </Button>
          </Stack>
        }
      />
      {verify.data ? (
        <Alert
          type={verify.data.intact ? 'success' : 'error'}
          showIcon
          closable
          style={{ marginBottom: 16 }}
          data-testid="audit-verify-result"
          message={
            verify.data.intact
              ? t('audit.intact', { rows: verify.data.rows })
              : t('audit.broken', { row: verify.data.first_broken?.rowId ?? '?' })
          }
          description={verify.data.broken
            .map((b) => (b.rowId === null ? b.reason : `#${b.rowId}: ${b.reason}`))
            .join('; ')}
        />
      ) : null}
      <Card>
        <AuditFiltersBar
          organizationId={Number(spaceId)}
          value={values}
          onChange={(next) => {
            setValues(next);
            setPage(1);
          }}
        />
        <Table<AuditRow>
          rowKey="id"
          size="middle"
          loading={log.isFetching}
          dataSource={log.data?.list ?? []}
          scroll={{ x: 1100 }}
          tableLayout="fixed"
          locale={{ emptyText: t('audit.empty') }}
          pagination={{
            current: page,
            pageSize: 10,
            total,
            showSizeChanger: false,
            showTotal: () => totalText,
            onChange: setPage,
          }}
          columns={[
            {
              title: t('audit.time'),
              dataIndex: 'time',
              width: 170,
              render: (time: string) => (
                <span style={{ whiteSpace: 'nowrap' }}>{dayjs(time).format('YYYY-MM-DD HH:mm:ss')}</span>
              ),
            },
            {
              title: t('audit.type'),
              dataIndex: 'type',
              width: 110,
              render: (type: string) => (
                <Tag bordered={false}>{t(`audit.types.${type}`, { defaultValue: type })}</Tag>
              ),
            },
            {
              title: t('audit.operation'),
              dataIndex: 'operation',
              width: 150,
              render: (operation: string) => t(`audit.operations.${operation}`, { defaultValue: operation }),
            },
            {
              title: t('audit.user'),
              dataIndex: 'space_user',
              width: 180,
              ellipsis: true,
              render: (user: string | null) => user ?? t('common:dash'),
            },
            {
              title: t('audit.ip'),
              dataIndex: 'ip',
              width: 120,
              render: (ip: string | null) => ip ?? t('common:dash'),
            },
            {
              title: t('audit.location'),
              dataIndex: 'location',
              width: 110,
              render: (location: string | null) => location ?? t('common:dash'),
            },
            {
              title: t('audit.content'),
              dataIndex: 'content',
              width: 300,
              render: (value: unknown) => (
                <Typography.Text
                  style={{ fontSize: 12, fontFamily: 'monospace' }}
                  ellipsis={{ tooltip: content(value) }}
                >
                  {content(value)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
