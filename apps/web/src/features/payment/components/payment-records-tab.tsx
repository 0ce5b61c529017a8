import { useState } from 'react';
import { Descriptions, Empty, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { usePaymentAddresses } from '../api/list-payment-addresses';
import { usePaymentRecords, type PaymentRecord } from '../api/list-payment-records';
import { FullAddress, NoPaymentPermission, isPermissionDenied } from './payment-bits';
import { RECORD_TYPE, recordColumns, type RecordKind } from './record-columns';
import { SpeedUpModal } from './speed-up-modal';

const PAGE_SIZE = 10;

/**
 * One kind of payment record: deposits into the space's payment addresses, refunds out of them,
 * or what they paid (consumption: each fee of a sponsored wallet creation, approval or
 * execution, with the wallet and transfer it was for). An amount not known yet says "Pending",
 * not 0. A pending refund or execution of an EVM address can be sped up.
 */
export function PaymentRecordsTab({ spaceId, kind }: { spaceId: string; kind: RecordKind }) {
  const { t } = useTranslation('pages');
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const [chain, setChain] = useState<string | undefined>(undefined);
  const [speeding, setSpeeding] = useState<PaymentRecord | null>(null);
  const records = usePaymentRecords(spaceId, {
    type: RECORD_TYPE[kind],
    page,
    page_size: PAGE_SIZE,
    ...(chain ? { chain } : {}),
  });
  // The chains a filter can offer: those of the space's payment addresses (offered from two on).
  const addresses = usePaymentAddresses(spaceId);
  const rows = addresses.data?.list ?? [];
  const chains = [...new Map(rows.map((row) => [row.chain, row.chain_name])).entries()];
  const familyOf = new Map(rows.map((row) => [row.chain, row.family]));
  // The chain's family from the addresses; an EVM hash (0x + 64 hex) while they are not read.
  const isEvm = (row: PaymentRecord) =>
    (familyOf.get(row.chain) ?? (/^0x[0-9a-f]{64}$/i.test(row.hash) ? 'EVM' : '')) === 'EVM';

  if (records.isError && isPermissionDenied(records.error)) return <NoPaymentPermission />;

  const total = records.data?.total ?? 0;
  return (
    <div data-testid={`payment-records-${kind}`}>
      {chains.length > 1 ? (
        <Select
          allowClear
          value={chain}
          placeholder={t('payment.records.allChains')}
          style={{ minWidth: 200, marginBottom: 12 }}
          options={chains.map(([value, label]) => ({ value, label }))}
          onChange={(value?: string) => {
            setChain(value);
            setPage(1);
          }}
          data-testid="payment-records-chain"
        />
      ) : null}
      {records.isError ? (
        <QueryError
          title={t(`payment.records.${kind}.loadError`)}
          error={records.error}
          onRetry={() => records.refetch()}
          retrying={records.isFetching}
          testId="payment-records-error"
        />
      ) : records.data && records.data.total === 0 ? (
        <div data-testid="payment-records-empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span>
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>
                  {t(`payment.records.${kind}.empty`)}
                </strong>
                <span>{t(`payment.records.${kind}.emptyHint`)}</span>
              </span>
            }
          />
        </div>
      ) : (
        <Table<PaymentRecord>
          rowKey="id"
          size="middle"
          // Not on the 5-second re-read of a pending record: only while a page is being fetched.
          loading={records.isPending || (records.isFetching && records.isPlaceholderData)}
          dataSource={records.data?.list ?? []}
          // Fits 1280 px (the widest column takes what is left); a phone scrolls sideways.
          scroll={{ x: 900 }}
          tableLayout="fixed"
          data-testid="payment-records-table"
          onRow={() => ({ 'data-testid': 'payment-record-row' }) as never}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            showSizeChanger: false,
            showTotal: () => t('payment.records.total', { total: total.toLocaleString('en-US') }),
            onChange: setPage,
          }}
          expandable={{
            // The full hash and addresses, the chain and when it settled: one click away.
            expandedRowRender: (row) => (
              <Descriptions
                size="small"
                column={1}
                data-testid="payment-record-details"
                items={[
                  {
                    key: 'hash',
                    label: t('payment.records.hash'),
                    children: <FullAddress value={row.hash} />,
                  },
                  { key: 'chain', label: t('payment.records.chain'), children: row.chain_name },
                  {
                    key: 'sender',
                    label: t(kind === 'deposit' ? 'payment.records.from' : 'payment.records.sender'),
                    children: <FullAddress value={row.sender} />,
                  },
                  {
                    key: 'receiver',
                    label: t('payment.records.receiver'),
                    children: row.receiver ? <FullAddress value={row.receiver} /> : t('common:dash'),
                  },
                  {
                    key: 'settled',
                    label: t('payment.records.settled'),
                    children: row.settled_at
                      ? formatDateTime(row.settled_at, language)
                      : t('payment.records.notSettled'),
                  },
                ]}
              />
            ),
            columnTitle: <span className="ks-visually-hidden">{t('payment.records.details')}</span>,
            columnWidth: 40,
            // Fixed, so that on a narrow screen the opened details stay in view (not as wide as the table).
            fixed: 'left',
          }}
          columns={recordColumns({
            kind,
            t,
            language,
            isEvm,
            onSpeedUp: setSpeeding,
            rows: records.data?.list ?? [],
          })}
        />
      )}
      <SpeedUpModal record={speeding} kind={kind} onClose={() => setSpeeding(null)} />
    </div>
  );
}
