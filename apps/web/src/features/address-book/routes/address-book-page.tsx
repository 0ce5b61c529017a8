import { useState } from 'react';
import { Alert, Button, Card, Grid, Input, List, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { AddressText } from '@/features/wallet';
import { useSelectedSpaceId } from '@/lib/space';
import { useAddressBook, type AddressBookEntry } from '../api/address-book';
import { useLazyTranslation } from '@/lib/use-namespace';
import { AddAddressModal, DeleteAddressModal } from '../components/address-modals';

/** /address-book: the space's whitelist. Everyone reads it; only admins add or delete (§6), others are told to ask one. */
export default function AddressBookPage() {
  const { t } = useLazyTranslation('addressBook');
  const screens = Grid.useBreakpoint();
  const spaceId = useSelectedSpaceId();
  const space = useOrganizationBaseInfo(spaceId);
  const book = useAddressBook(spaceId);
  const admin = space.data ? isPrivileged(space.data) : false;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const [keyword, setKeyword] = useState('');
  const rows = (book.data?.list ?? []).filter(
    (row) =>
      !keyword ||
      `${row.name} ${row.address} ${row.memo ?? ''}`.toLowerCase().includes(keyword.toLowerCase()),
  );
  const remove = (row: AddressBookEntry) => (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined />}
      onClick={(event) => {
        event.stopPropagation();
        setDeleting(row);
      }}
      data-testid="address-delete"
    >
      {t('delete.button')}
    </Button>
  );

  return (
    <div data-testid="address-book-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        extra={
          admin ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="address-add"
            >
              {t('add.button')}
            </Button>
          ) : null
        }
      />
      {!admin && space.data ? (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message={t('askAdmin')}
          data-testid="address-ask-admin"
        />
      ) : null}
      <Card
        styles={{ body: { padding: screens.md ? 0 : 12 } }}
        title={
          <Input.Search
            allowClear
            placeholder={t('search')}
            onSearch={setKeyword}
            style={{ maxWidth: 320 }}
          />
        }
      >
        {screens.md ? (
          <Table<AddressBookEntry>
            rowKey="id"
            loading={book.isPending}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: t('empty') }}
            data-testid="address-table"
            columns={[
              {
                title: t('fields.name'),
                dataIndex: 'name',
                width: 180,
                render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
              },
              {
                title: t('fields.address'),
                dataIndex: 'address',
                render: (value: string) => (
                  <Typography.Text copyable style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>
                    {value}
                  </Typography.Text>
                ),
              },
              {
                title: t('fields.memo'),
                dataIndex: 'memo',
                width: 140,
                render: (value: string | null) => value || '—',
              },
              {
                title: t('fields.description'),
                dataIndex: 'description',
                width: 180,
                render: (value: string | null) => value || '—',
              },
              {
                title: t('fields.created'),
                dataIndex: 'ctime',
                width: 170,
                render: (value: string) => new Date(value).toLocaleString(),
              },
              ...(admin
                ? [{ title: '', width: 100, render: (_: unknown, row: AddressBookEntry) => remove(row) }]
                : []),
            ]}
          />
        ) : (
          <List
            loading={book.isPending}
            dataSource={rows}
            locale={{ emptyText: t('empty') }}
            renderItem={(row) => (
              <List.Item style={{ display: 'block' }} data-testid="address-row">
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {admin ? remove(row) : null}
                </div>
                <AddressText address={row.address} />
                {row.memo || row.description ? (
                  <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
                    {[row.memo, row.description].filter(Boolean).join(' · ')}
                  </Typography.Paragraph>
                ) : null}
              </List.Item>
            )}
          />
        )}
      </Card>
      <AddAddressModal spaceId={spaceId} open={adding} onClose={() => setAdding(false)} />
      <DeleteAddressModal spaceId={spaceId} entry={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
