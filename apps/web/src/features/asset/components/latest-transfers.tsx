import { Suspense } from 'react';
import { Link } from 'react-router';
import { Card, List, Skeleton, Typography } from 'antd';
import { TaskStatusTag, TokenAmount, useTransferList, type TransferListItem } from '@/features/transfer';
import { useSimpleWallets } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { AssetError } from './asset-error';
import { MASK, useMoney } from './use-money';

const QUERY = { tab: 'all', page: 1, page_size: 10 } as const;

/** The latest 10 transfers of the space (GET /transfer/list, tab all); each opens its detail. */
export function LatestTransfers({ spaceId }: { spaceId: string }) {
  const { t } = useLazyTranslation('asset');
  const list = useTransferList(spaceId, { ...QUERY });
  const wallets = useSimpleWallets(spaceId);
  const money = useMoney();
  const language = currentLanguage();
  const walletName = (row: TransferListItem) =>
    wallets.data?.list.find((wallet) => wallet.wallet_id === row.wallet_id)?.name ??
    `#${row.wallet_id ?? '—'}`;
  // A wallet creation has no transfer detail; it opens its wallet, as in the transfer list.
  const pathOf = (row: TransferListItem) =>
    row.type === 3 ? `/wallet/detail/${row.wallet_id}` : `/task/${row.task_id}`;

  return (
    <Card
      title={t('latest.title')}
      extra={
        <Link to="/transfer" data-testid="asset-latest-all">
          {t('latest.viewAll')}
        </Link>
      }
      styles={{ body: { paddingBlock: 8 } }}
    >
      {list.isError && !list.data ? (
        <AssetError
          title={t('errors.latest')}
          error={list.error}
          onRetry={list.refetch}
          retrying={list.isFetching}
        />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <List
            loading={list.isPending}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: t('latest.empty') }}
            renderItem={(row) => (
              <List.Item data-testid="asset-latest-row" data-task-id={row.task_id}>
                <div
                  style={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: '4px 12px',
                    width: '100%',
                    alignItems: 'center',
                  }}
                >
                  <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                    <Link to={pathOf(row)} style={{ fontWeight: 600 }}>
                      {row.task_number}
                    </Link>
                    <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                      {walletName(row)} · {formatDateTime(row.ctime, language)}
                    </Typography.Text>
                  </div>
                  <Typography.Text strong style={{ flex: '0 0 auto' }}>
                    {row.type === 3 ? (
                      t('latest.walletCreation')
                    ) : money.hidden ? (
                      MASK
                    ) : (
                      <TokenAmount amount={row.amount} symbol={row.symbol} />
                    )}
                  </Typography.Text>
                  <TaskStatusTag status={row.status} />
                </div>
              </List.Item>
            )}
          />
        </Suspense>
      )}
    </Card>
  );
}
