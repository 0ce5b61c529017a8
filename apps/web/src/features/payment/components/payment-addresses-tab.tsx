import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Grid, Table, Typography } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { usePaymentAddresses, type PaymentAddress } from '../api/list-payment-addresses';
import {
  AddressStatusTag,
  FullAddress,
  NoPaymentPermission,
  UnitAmount,
  isPermissionDenied,
} from './payment-bits';

type Field = 'name' | 'chain' | 'address' | 'balance' | 'status' | 'created';
const FIELDS: Field[] = ['name', 'chain', 'address', 'balance', 'status', 'created'];
const WIDTHS: Record<Field, number> = {
  name: 160,
  chain: 140,
  address: 250,
  balance: 180,
  status: 100,
  created: 170,
};

/**
 * The space's payment addresses (today: the Solana fee payer) with the balance the chain holds
 * now. A balance the chain could not give is said as such, with Retry — never shown as 0. A
 * table on wide screens; on a phone each address is a card, so its balance and address show
 * without scrolling sideways.
 */
export function PaymentAddressesTab({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('pages');
  const language = currentLanguage();
  const screens = Grid.useBreakpoint();
  const addresses = usePaymentAddresses(spaceId);
  const reload = () => void addresses.refetch();

  if (addresses.isError)
    return isPermissionDenied(addresses.error) ? (
      <NoPaymentPermission />
    ) : (
      <QueryError
        title={t('payment.addresses.loadError')}
        error={addresses.error}
        onRetry={() => addresses.refetch()}
        retrying={addresses.isFetching}
        testId="payment-addresses-error"
      />
    );

  const list = addresses.data?.list ?? [];
  if (addresses.data && list.length === 0)
    return (
      <div data-testid="payment-addresses-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>
                {t('payment.addresses.empty')}
              </strong>
              <span>{t('payment.addresses.emptyHint')}</span>
            </span>
          }
        />
      </div>
    );

  const phone = screens.md === false;
  const cell: Record<Field, (row: PaymentAddress) => ReactNode> = {
    name: (row) => (
      <span data-testid="payment-address-name">
        {t(`payment.addresses.names.${row.family}`, {
          defaultValue: t('payment.addresses.names.other', { family: row.family }),
        })}
      </span>
    ),
    chain: (row) => <span data-testid="payment-chain">{row.chain_name}</span>,
    address: (row) => <FullAddress value={row.address} testId="payment-address" />,
    balance: (row) =>
      row.balance_error || row.balance === null ? (
        <Flex
          vertical
          gap={4}
          align={phone ? 'flex-start' : 'flex-end'}
          data-testid="payment-balance-unavailable"
        >
          <Typography.Text type="warning" style={{ whiteSpace: 'nowrap' }}>
            <WarningOutlined /> {t('payment.addresses.balanceUnavailable')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: phone ? 'left' : 'right' }}>
            {t('payment.addresses.balanceUnavailableHint')}
          </Typography.Text>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={addresses.isFetching}
            onClick={reload}
            data-testid="payment-balance-retry"
          >
            {t('payment.addresses.retry')}
          </Button>
        </Flex>
      ) : (
        <UnitAmount
          value={row.balance}
          decimals={row.decimals}
          symbol={row.symbol}
          testId="payment-balance"
        />
      ),
    status: (row) => <AddressStatusTag status={row.status} />,
    created: (row) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at, language)}</span>
    ),
  };

  return (
    <>
      <Flex gap={12} wrap justify="space-between" align="flex-start" style={{ marginBottom: 12 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px', maxWidth: 760 }}>
          {list.some((row) => row.family === 'SOL') ? t('payment.addresses.intro') : null}
        </Typography.Paragraph>
        <Button
          icon={<ReloadOutlined />}
          loading={addresses.isFetching}
          disabled={addresses.isPending}
          onClick={reload}
          data-testid="payment-refresh"
        >
          {t('payment.addresses.refresh')}
        </Button>
      </Flex>
      {phone ? (
        <Flex vertical gap={12} data-testid="payment-address-cards">
          {addresses.isPending ? <Card size="small" loading /> : null}
          {list.map((row) => (
            <Card key={`${row.id}-${row.chain}`} size="small" data-testid="payment-address-row">
              <Descriptions
                size="small"
                column={1}
                items={FIELDS.map((field) => ({
                  key: field,
                  label: t(`payment.addresses.${field}`),
                  children: cell[field](row),
                }))}
              />
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<PaymentAddress>
          rowKey={(row) => `${row.id}-${row.chain}`}
          size="middle"
          loading={addresses.isPending}
          dataSource={list}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="payment-addresses-table"
          onRow={() => ({ 'data-testid': 'payment-address-row' }) as never}
          columns={FIELDS.map((field) => ({
            key: field,
            title: t(`payment.addresses.${field}`),
            width: WIDTHS[field],
            align: field === 'balance' ? ('right' as const) : undefined,
            render: (_: unknown, row: PaymentAddress) => cell[field](row),
          }))}
        />
      )}
    </>
  );
}
