import { Suspense, useState } from 'react';
import { Empty, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuditSentence } from '@/features/audit-log';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useWalletAudit, type WalletAuditRow } from '../../api/list-wallet-audit';

/**
 * The wallet's audit rows in the same words as the space's audit log ("Alice created wallet
 * Payments"), with when and from where (admins).
 */
export function AuditTab({ walletId }: { walletId: number }) {
  // The audit texts load with the tab; the tab waits for them, not the whole page.
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <AuditTable walletId={walletId} />
    </Suspense>
  );
}

function AuditTable({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const sentence = useAuditSentence();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const audit = useWalletAudit(walletId, page);
  if (!audit.isPending && (audit.data?.list.length ?? 0) === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.audit.empty')} />;
  return (
    <Table<WalletAuditRow>
      rowKey="id"
      size="small"
      loading={audit.isPending}
      dataSource={audit.data?.list ?? []}
      scroll={{ x: 560 }}
      pagination={{
        current: page,
        pageSize: 10,
        total: audit.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      data-testid="wallet-audit-table"
      columns={[
        {
          title: t('detail.audit.time'),
          dataIndex: 'time',
          width: 180,
          render: (time: string) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(time, language)}</span>
          ),
        },
        {
          title: t('detail.audit.what'),
          key: 'what',
          render: (_: unknown, row: WalletAuditRow) => (
            <span data-testid="wallet-audit-sentence">{sentence(row)}</span>
          ),
        },
        {
          title: t('detail.audit.ip'),
          dataIndex: 'ip',
          width: 130,
          render: (ip: string | null) => ip ?? '—',
        },
      ]}
    />
  );
}
