import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Grid, Table, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, RollbackOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { usePaymentAddresses, type PaymentAddress } from '../api/list-payment-addresses';
import { CreateAddressModal } from './create-address-modal';
import { RefundModal } from './refund-modal';
import {
  AddressStatusTag,
  FullAddress,
  NoPaymentPermission,
  UnitAmount,
  isPermissionDenied,
} from './payment-bits';

type Field = 'name' | 'chain' | 'address' | 'balance' | 'bound' | 'status' | 'created' | 'actions';
const FIELDS: Field[] = ['name', 'chain', 'address', 'balance', 'bound', 'status', 'created', 'actions'];
const WIDTHS: Record<Field, number> = {
  name: 150,
  chain: 130,
  address: 220,
  balance: 170,
  bound: 100,
  status: 90,
  created: 110,
  actions: 110,
};

/**
 * The space's payment addresses — EVM payment addresses (one row per EVM chain its wallets use)
 * and the Solana fee payer — with the balance the chain holds now and the wallets bound to each.
 * A balance the chain could not give is said as such, with Retry — never shown as 0. Admins
 * create EVM payment addresses here and refund what is left on them. A table on wide screens; on
 * a phone each address is a card, so its balance and address show without scrolling sideways.
 */
export function PaymentAddressesTab({ spaceId, enabled }: { spaceId: string; enabled: boolean }) {
  const { t } = useTranslation('pages');
  const language = currentLanguage();
  const screens = Grid.useBreakpoint();
  const addresses = usePaymentAddresses(spaceId);
  const reload = () => void addresses.refetch();
  const [creating, setCreating] = useState(false);
  const [refunding, setRefunding] = useState<PaymentAddress | null>(null);

  const create = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setCreating(true)}
      data-testid="payment-create"
    >
      {t('payment.create.open')}
    </Button>
  );
  const dialogs = (
    <>
      <CreateAddressModal open={creating} enabled={enabled} onClose={() => setCreating(false)} />
      <RefundModal address={refunding} onClose={() => setRefunding(null)} />
    </>
  );

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
        {dialogs}
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
        >
          {create}
        </Empty>
      </div>
    );

  const phone = screens.md === false;
  const cell: Record<Field, (row: PaymentAddress) => ReactNode> = {
    name: (row) => (
      <span data-testid="payment-address-name" style={{ overflowWrap: 'anywhere' }}>
        {row.name ??
          t(`payment.addresses.names.${row.family}`, {
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
    bound: (row) => (
      <span data-testid="payment-bound-wallets">
        {row.family === 'EVM'
          ? t('payment.addresses.boundCount', { count: row.bound_wallets })
          : t('payment.addresses.boundAllSol')}
      </span>
    ),
    status: (row) => <AddressStatusTag status={row.status} />,
    created: (row) => <span>{formatDateTime(row.created_at, language)}</span>,
    actions: (row) =>
      row.family === 'EVM' ? (
        <Button
          size="small"
          icon={<RollbackOutlined />}
          onClick={() => setRefunding(row)}
          data-testid="payment-refund"
        >
          {t('payment.refund.open')}
        </Button>
      ) : null,
  };

  return (
    <>
      {dialogs}
      <Flex gap={12} wrap justify="space-between" align="flex-start" style={{ marginBottom: 12 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px', maxWidth: 760 }}>
          {t('payment.addresses.introEvm')}
          {list.some((row) => row.family === 'SOL') ? ` ${t('payment.addresses.intro')}` : null}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          {create}
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
      </Flex>
      {phone ? (
        <Flex vertical gap={12} data-testid="payment-address-cards">
          {addresses.isPending ? <Card size="small" loading /> : null}
          {list.map((row) => (
            <Card key={`${row.id}-${row.chain}`} size="small" data-testid="payment-address-row">
              <Descriptions
                size="small"
                column={1}
                items={FIELDS.filter((field) => field !== 'actions' || row.family === 'EVM').map((field) => ({
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
          scroll={{ x: 1080 }}
          data-testid="payment-addresses-table"
          onRow={() => ({ 'data-testid': 'payment-address-row' }) as never}
          columns={FIELDS.map((field) => ({
            key: field,
            title:
              field === 'actions' ? (
                <span className="ks-visually-hidden">{t('payment.addresses.actions')}</span>
              ) : (
                t(`payment.addresses.${field}`)
              ),
            width: WIDTHS[field],
            align: field === 'balance' ? ('right' as const) : undefined,
            render: (_: unknown, row: PaymentAddress) => cell[field](row),
          }))}
        />
      )}
    </>
  );
}
