import { useMemo, useState } from 'react';
import { Alert, Button, Card, Space as Stack, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useSelectedSpaceId } from '@/lib/space';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog, type AuditFilters, type AuditRow } from '../api/list-audit-log';
import { useVerifyAuditLog } from '../api/verify-audit-log';
import { AuditFiltersBar, type AuditFilterValues } from '../components/audit-filters';
import { useAuditSentence } from '../components/audit-sentence';

const content = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** /audit-log (privileged): filters, paging, CSV export and the integrity check of the hash chain. */
export default function AuditLogPage() {
  const { t } = useLazyTranslation('spaces');
  const { t: words } = useLazyTranslation('audit');
  const sentence = useAuditSentence();
  const language = currentLanguage();
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
          scroll={{ x: 900 }}
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
          expandable={{
            // The raw record stays one click away for whoever needs the exact values.
            expandedRowRender: (row) => (
              <Typography.Paragraph
                style={{ fontSize: 12, fontFamily: 'monospace', whiteSpace: 'pre-wrap', margin: 0 }}
                data-testid="audit-details"
              >
                {content(row.content)}
              </Typography.Paragraph>
            ),
            columnTitle: <span className="ks-visually-hidden">{words('details')}</span>,
          }}
          columns={[
            {
              title: t('audit.time'),
              dataIndex: 'time',
              width: 190,
              render: (time: string) => (
                <span style={{ whiteSpace: 'nowrap' }} data-testid="audit-time">
                  {formatDateTime(time, language)}
                </span>
              ),
            },
            {
              title: words('what'),
              key: 'what',
              // Takes the room left, so the table fits 1280 px without scrolling sideways.
              render: (_: unknown, row: AuditRow) => (
                <span data-testid="audit-sentence">{sentence(row)}</span>
              ),
            },
            {
              title: t('audit.type'),
              dataIndex: 'type',
              width: 120,
              render: (type: string) => (
                <Tag bordered={false}>
                  {words(`types.${type}`, { defaultValue: type.replace(/_/g, ' ') })}
                </Tag>
              ),
            },
            {
              title: t('audit.ip'),
              dataIndex: 'ip',
              width: 130,
              render: (ip: string | null) => ip ?? t('common:dash'),
            },
            {
              title: t('audit.location'),
              dataIndex: 'location',
              width: 120,
              render: (location: string | null) => location ?? t('common:dash'),
            },
          ]}
        />
      </Card>
    </div>
  );
}
