import { useState } from 'react';
import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWalletAudit, type WalletAuditRow } from '../../api/list-wallet-audit';

/** The wallet's audit rows: who changed what, when, from where (admins). */
export function AuditTab({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
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
          render: (time: string) => new Date(time).toLocaleString(),
        },
        {
          title: t('detail.audit.operation'),
          dataIndex: 'operation',
          render: (operation: string) =>
            t(`detail.audit.operations.${operation}`, { defaultValue: operation }),
        },
        {
          title: t('detail.audit.user'),
          dataIndex: 'space_user',
          render: (user: string | null) => user ?? t('detail.audit.system'),
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
