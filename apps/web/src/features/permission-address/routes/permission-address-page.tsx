import { useState } from 'react';
import { Button, Card, Empty, Grid, List, Skeleton, Space, Table, Typography } from 'antd';
import { MobileOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageHeader } from '@/components/ui/page-header';
import { PairPhoneModal } from '@/features/mobile';
import { AddressText } from '@/features/wallet';
import { useSignerAddresses } from '../api/list-signer-addresses';
import { QueryError } from '@/components/ui/query-error';
import type { SignerAddress } from '../api/types';
import { SIGNER_STATUS } from '../signer-status';
import { AddBitcoinKeyModal } from '../components/add-bitcoin-key-modal';
import { AddSignerModal } from '../components/add-signer-modal';
import { DeleteSignerModal } from '../components/delete-signer-modal';
import { SignerDetailDrawer } from '../components/signer-detail-drawer';
import { SignerStatusTag } from '../components/signer-status-tag';
import { SigningProtocolsPanel } from '../components/signing-protocols-panel';
import { VerifyBitcoinKeyModal } from '../components/verify-bitcoin-key-modal';
import { VerifySignerModal } from '../components/verify-signer-modal';
import { VerifyTronSignerModal } from '../components/verify-tron-signer-modal';
import { VerifyXrpSignerModal } from '../components/verify-xrp-signer-modal';
import { VerifySolSignerModal } from '../components/verify-sol-signer-modal';

/** /permission-address: the user's signer addresses: list, add, verify, view, delete. */
export default function PermissionAddressPage() {
  const { t } = useTranslation('wallets');
  const screens = Grid.useBreakpoint();
  const list = useSignerAddresses();
  const [adding, setAdding] = useState(false);
  const [addingBtc, setAddingBtc] = useState(false);
  const [verifying, setVerifying] = useState<SignerAddress | null>(null);
  const [viewing, setViewing] = useState<SignerAddress | null>(null);
  const [deleting, setDeleting] = useState<SignerAddress | null>(null);
  const [pairingPhone, setPairingPhone] = useState(false);
  const rows = list.data?.list ?? [];

  const actions = (row: SignerAddress) => (
    <Space size={0} wrap>
      {row.status === SIGNER_STATUS.pending ? (
        <Button type="link" size="small" onClick={() => setVerifying(row)} data-testid="signer-verify">
          {t('signer.actions.verify')}
        </Button>
      ) : null}
      <Button type="link" size="small" onClick={() => setViewing(row)} data-testid="signer-view">
        {t('signer.actions.view')}
      </Button>
      {row.status !== SIGNER_STATUS.pendingDeletion ? (
        <Button type="link" size="small" danger onClick={() => setDeleting(row)} data-testid="signer-delete">
          {t('signer.actions.delete')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <div data-testid="permission-address-page">
      <PageHeader
        title={t('signer.title')}
        description={t('signer.description')}
        extra={
          <Space wrap>
            <Button
              icon={<MobileOutlined />}
              onClick={() => setPairingPhone(true)}
              data-testid="phone-pair-open"
            >
              {t('signer.pairPhone')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setAddingBtc(true)} data-testid="btc-key-add">
              {t('signer.btc.open')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="signer-add"
            >
              {t('signer.add.open')}
            </Button>
          </Space>
        }
      />
      <Card styles={{ body: { padding: screens.md ? 0 : 12 } }}>
        {list.isPending ? (
          <Skeleton active style={{ padding: 24 }} />
        ) : list.isError ? (
          <div style={{ padding: 16 }}>
            <QueryError
              title={t('signer.loadFailed')}
              error={list.error}
              onRetry={() => list.refetch()}
              retrying={list.isFetching}
              testId="signer-list-error"
            />
          </div>
        ) : rows.length === 0 ? (
          <Empty
            style={{ padding: 32 }}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span>
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('signer.empty')}</strong>
                {t('signer.emptyHint')}
              </span>
            }
          />
        ) : screens.md ? (
          <Table<SignerAddress>
            rowKey="id"
            dataSource={rows}
            pagination={false}
            scroll={{ x: 900 }}
            columns={[
              { title: t('signer.fields.name'), dataIndex: 'name', ellipsis: true },
              {
                title: t('signer.fields.address'),
                dataIndex: 'address',
                render: (address: string) => <AddressText address={address} />,
              },
              { title: t('signer.fields.family'), dataIndex: 'family', width: 90 },
              {
                title: t('signer.fields.status'),
                dataIndex: 'status',
                width: 150,
                render: (status: SignerAddress['status']) => <SignerStatusTag status={status} />,
              },
              {
                title: t('signer.fields.wallets'),
                width: 110,
                render: (_: unknown, row) => row.linked_wallets.length,
              },
              {
                title: t('signer.fields.added'),
                dataIndex: 'created_at',
                width: 150,
                render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
              },
              { title: t('common.actions'), width: 200, render: (_: unknown, row) => actions(row) },
            ]}
          />
        ) : (
          <List
            dataSource={rows}
            renderItem={(row) => (
              <List.Item style={{ display: 'block' }} data-testid="signer-row">
                <div
                  style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}
                >
                  <Typography.Text strong ellipsis>
                    {row.name}
                  </Typography.Text>
                  <SignerStatusTag status={row.status} />
                </div>
                <div style={{ marginTop: 4 }}>
                  <AddressText address={row.address} />
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                    {t('signer.walletCount', { count: row.linked_wallets.length })}
                  </Typography.Text>
                </div>
                <div style={{ marginTop: 4, marginInlineStart: -8 }}>{actions(row)}</div>
              </List.Item>
            )}
          />
        )}
      </Card>
      <SigningProtocolsPanel />
      <AddSignerModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          setAdding(false);
          void list
            .refetch()
            .then((result) => setVerifying(result.data?.list.find((row) => row.id === id) ?? null));
        }}
      />
      <AddBitcoinKeyModal
        open={addingBtc}
        onClose={() => setAddingBtc(false)}
        onAdded={(id) => {
          setAddingBtc(false);
          void list
            .refetch()
            .then((result) => setVerifying(result.data?.list.find((row) => row.id === id) ?? null));
        }}
      />
      <VerifySignerModal
        signer={verifying?.family === 'EVM' ? verifying : null}
        onClose={() => setVerifying(null)}
      />
      <VerifyTronSignerModal
        signer={verifying?.family === 'TRX' ? verifying : null}
        onClose={() => setVerifying(null)}
      />
      <VerifyXrpSignerModal
        signer={verifying?.family === 'XRP' ? verifying : null}
        onClose={() => setVerifying(null)}
      />
      <VerifySolSignerModal
        signer={verifying?.family === 'SOL' ? verifying : null}
        onClose={() => setVerifying(null)}
      />
      <VerifyBitcoinKeyModal
        signer={verifying?.family === 'BTC' ? verifying : null}
        onClose={() => setVerifying(null)}
      />
      <SignerDetailDrawer signer={viewing} onClose={() => setViewing(null)} />
      <DeleteSignerModal signer={deleting} onClose={() => setDeleting(null)} />
      <PairPhoneModal open={pairingPhone} onClose={() => setPairingPhone(false)} />
    </div>
  );
}
