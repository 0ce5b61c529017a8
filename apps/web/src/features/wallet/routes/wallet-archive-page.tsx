import { useNavigate } from 'react-router';
import { Card, Empty, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useSelectedSpaceId } from '@/lib/space';
import { useChains } from '../api/list-chains';
import { useWallets } from '../api/list-wallets';
import type { WalletListItem } from '../api/types';
import { AddressText, SignTypeTag, WalletStatusTag } from '../components/wallet-bits';
import { WalletTabs } from '../components/wallet-tabs';

/** /wallet/archive (privileged): archived wallets, read-only; a row opens the wallet's detail. */
export default function WalletArchivePage() {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const spaceId = useSelectedSpaceId();
  const wallets = useWallets(spaceId, { archived: 'true' });
  const chains = useChains();
  const chainName = (key: string) => chains.data?.list.find((chain) => chain.chain_id === key)?.name ?? key;
  const rows = wallets.data?.list ?? [];
  return (
    <div data-testid="wallet-archive-page">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <WalletTabs />
      <Card styles={{ body: { padding: rows.length ? 0 : 24 } }}>
        {wallets.isPending ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span>
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('archive.empty')}</strong>
                {t('archive.hint')}
              </span>
            }
          />
        ) : (
          <Table<WalletListItem>
            rowKey="wallet_id"
            dataSource={rows}
            pagination={false}
            scroll={{ x: 640 }}
            onRow={(row) => ({
              onClick: () => void navigate(`/wallet/detail/${row.wallet_id}`),
              style: { cursor: 'pointer' },
            })}
            columns={[
              {
                title: t('fields.name'),
                dataIndex: 'name',
                render: (name: string) => (
                  <Typography.Text strong data-testid="archived-wallet-name">
                    {name}
                  </Typography.Text>
                ),
              },
              { title: t('fields.chain'), dataIndex: 'chain_id', render: (key: string) => chainName(key) },
              {
                title: t('fields.address'),
                dataIndex: 'address',
                render: (address: string | null, row) => (
                  <AddressText address={address} short={row.address_short} />
                ),
              },
              {
                title: t('fields.signType'),
                dataIndex: 'sign_type',
                render: (value: number) => <SignTypeTag signType={value} />,
              },
              {
                title: t('fields.status'),
                dataIndex: 'status',
                render: (status: number) => <WalletStatusTag status={status} />,
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
