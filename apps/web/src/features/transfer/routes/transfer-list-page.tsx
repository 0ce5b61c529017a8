import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Card, Grid, Space, Tabs } from 'antd';
import {
  DownloadOutlined,
  FieldTimeOutlined,
  FilterOutlined,
  PlusOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { isPrivileged, LimitModal, useOrganizationBaseInfo, type LimitInfo } from '@/features/organization';
import { readListPosition, saveListPosition } from '@/lib/list-position';
import { showErrorToast } from '@/lib/notify';
import { useSelectedSpaceId } from '@/lib/space';
import { exportCsv, useTransferList, useTransferRecords } from '../api/transfer-queries';
import { useSimpleWallets } from '@/features/wallet';
import { RecordsTable } from '../components/list/records-table';
import { TransferFilterBar, type TransferFilters } from '../components/list/transfer-filters';
import { TransferTable } from '../components/list/transfer-table';
import { mayBatch } from '../components/batch/may-batch';
import { mayPreSign } from '../components/pre-signed/may-pre-sign';
import { useLazyTranslation } from '@/lib/use-namespace';

const TABS = ['todo', 'all', 'preSigned', 'records'] as const;
type Tab = (typeof TABS)[number];
const API_TAB = { todo: 'todo', all: 'all', preSigned: 'pre_signed', records: 'all' } as const;

/**
 * /transfer: to do / all / pre-signed transfers and the on-chain records, advanced filters for
 * admins, paging, CSV exports. The tab, page, size and filters are the saved list position (§2).
 */
export default function TransferListPage() {
  const { t } = useLazyTranslation('transfer');
  const location = useLocation();
  const navigate = useNavigate();
  const spaceId = useSelectedSpaceId();
  const space = useOrganizationBaseInfo(spaceId);
  const wallets = useSimpleWallets(spaceId);
  const privileged = space.data ? isPrivileged(space.data) : false;
  const [position, setPosition] = useState(() => {
    const saved = readListPosition();
    const own = saved.organizationId === spaceId && saved.location === location.pathname;
    return {
      tab: own && (TABS as readonly string[]).includes(saved.from) ? (saved.from as Tab) : 'todo',
      page: own ? saved.page : 1,
      pageSize: own ? saved.pageSize : 10,
      filters: (own ? saved.params : {}) as TransferFilters,
    };
  });
  const move = (change: Partial<typeof position>) => {
    const next = { ...position, ...change };
    setPosition(next);
    saveListPosition({
      from: next.tab,
      location: location.pathname,
      page: next.page,
      pageSize: next.pageSize,
      params: { ...next.filters },
      organizationId: spaceId,
    });
  };
  const filters = privileged ? position.filters : {};
  const query = { tab: API_TAB[position.tab], page: position.page, page_size: position.pageSize, ...filters };
  const list = useTransferList(spaceId, query);
  const records = useTransferRecords(position.tab === 'records' ? spaceId : null, {
    page: position.page,
    page_size: position.pageSize,
    ...(filters.wallet_id ? { wallet_id: filters.wallet_id } : {}),
  });
  const download = (kind: 'list' | 'records') =>
    exportCsv(
      kind,
      kind === 'list' ? query : { ...(filters.wallet_id ? { wallet_id: filters.wallet_id } : {}) },
    ).catch((error) => void showErrorToast(error));
  const walletList = wallets.data?.list ?? [];
  const operator = Boolean(space.data?.is_operator);
  const screens = Grid.useBreakpoint();
  // Phones: the advanced search opens on demand (it is taller than the list otherwise).
  const [showFilters, setShowFilters] = useState(false);
  // A free plan has no batches nor pre-signed transfers: the entry explains the plan limit instead.
  const [limit, setLimit] = useState<LimitInfo | null>(null);

  return (
    <div data-testid="transfer-list-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download('list')}
              data-testid="export-transfers"
            >
              {t('list.exportTransfers')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download('records')}
              data-testid="export-records"
            >
              {t('list.exportRecords')}
            </Button>
            {operator ? (
              <Button
                icon={<UnorderedListOutlined />}
                onClick={() =>
                  space.data && mayBatch(space.data)
                    ? void navigate('/wallet/transfer/batch')
                    : setLimit({ code: 'VIP_PLAN_LIMIT_EXCEEDED_ERROR' })
                }
                data-testid="batch-transfer"
              >
                {t('list.batch')}
              </Button>
            ) : null}
            {operator ? (
              <Button
                icon={<FieldTimeOutlined />}
                onClick={() =>
                  space.data && mayPreSign(space.data)
                    ? void navigate('/wallet/transfer/pre-signed')
                    : setLimit({ code: 'VIP_PLAN_LIMIT_EXCEEDED_ERROR' })
                }
                data-testid="pre-signed-transfer"
              >
                {t('list.preSignedEntry')}
              </Button>
            ) : null}
            {operator ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate('/wallet/transfer')}
                data-testid="new-transfer"
              >
                {t('list.new')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={position.tab}
          onChange={(tab) => move({ tab: tab as Tab, page: 1 })}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`tab-${key}`}>{t(`list.tabs.${key}`)}</span>,
          }))}
        />
        {privileged && !screens.md ? (
          <Button
            size="small"
            icon={<FilterOutlined />}
            style={{ marginBottom: 12 }}
            onClick={() => setShowFilters((value) => !value)}
            data-testid="filters-toggle"
          >
            {t('filters.advanced')}
          </Button>
        ) : null}
        {privileged && (screens.md || showFilters) && wallets.isError ? (
          <div style={{ marginBottom: 12 }}>
            <QueryError
              title={t('filters.walletsError')}
              error={wallets.error}
              onRetry={() => wallets.refetch()}
              retrying={wallets.isFetching}
              testId="wallet-picker-error"
            />
          </div>
        ) : null}
        {privileged && (screens.md || showFilters) ? (
          <div style={{ marginBottom: 12 }}>
            <TransferFilterBar
              wallets={walletList}
              value={position.filters}
              onChange={(value) => {
                // The advanced search (token, number or address, period) is a paid feature, like batches.
                const advanced = value.symbol || value.keyword || value.start_time || value.end_time;
                if (advanced && space.data && !mayBatch(space.data))
                  return setLimit({ code: 'VIP_PLAN_LIMIT_EXCEEDED_ERROR' });
                move({ filters: value, page: 1 });
              }}
            />
          </div>
        ) : null}
        {position.tab === 'records' && records.isError ? (
          <QueryError
            title={t('list.recordsError')}
            error={records.error}
            onRetry={() => records.refetch()}
            retrying={records.isFetching}
            testId="transfer-list-error"
          />
        ) : position.tab !== 'records' && list.isError ? (
          <QueryError
            title={t('list.loadError')}
            error={list.error}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
            testId="transfer-list-error"
          />
        ) : position.tab === 'records' ? (
          <RecordsTable
            rows={records.data?.list ?? []}
            loading={records.isPending}
            page={position.page}
            pageSize={position.pageSize}
            total={records.data?.total ?? 0}
            onPage={(page, pageSize) => move({ page, pageSize })}
          />
        ) : (
          <TransferTable
            rows={list.data?.list ?? []}
            loading={list.isPending}
            wallets={walletList}
            preSigned={position.tab === 'preSigned'}
            empty={position.tab === 'todo' ? t('list.emptyTodo') : t('list.empty')}
            paging={{
              page: position.page,
              pageSize: position.pageSize,
              total: list.data?.total ?? 0,
              onChange: (page, pageSize) => move({ page, pageSize }),
            }}
          />
        )}
      </Card>
      <LimitModal limit={limit} space={space.data ?? null} onClose={() => setLimit(null)} />
    </div>
  );
}
