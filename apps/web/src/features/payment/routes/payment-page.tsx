import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/page-spinner';
import { QueryError } from '@/components/ui/query-error';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { PaymentAddressesTab } from '../components/payment-addresses-tab';
import { NoPaymentPermission } from '../components/payment-bits';
import { PaymentRecordsTab } from '../components/payment-records-tab';
import type { RecordKind } from '../components/record-columns';

const RECORD_TABS: RecordKind[] = ['deposit', 'refund', 'consumption'];
const TABS = ['addresses', ...RECORD_TABS] as const;

/**
 * /payment (privileged, as the server's routes are): the space's payment addresses — EVM payment
 * addresses and the Solana fee payer — what was deposited to them, refunded from them and what
 * they paid. The open tab is kept in the address (?tab=). A member who is neither creator nor
 * admin is told so rather than shown empty tables.
 */
export default function PaymentPage() {
  const { t } = useTranslation('pages');
  const spaceId = useSelectedSpaceId();
  const space = useOrganizationBaseInfo(spaceId);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as string)
    : 'addresses';

  const body = () => {
    if (space.isError)
      return (
        <QueryError
          error={space.error}
          onRetry={() => space.refetch()}
          retrying={space.isFetching}
          testId="payment-space-error"
        />
      );
    if (!spaceId || !space.data) return <PageSpinner />;
    if (!isPrivileged(space.data)) return <NoPaymentPermission />;
    return (
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'addresses',
            label: <span data-testid="payment-tab-addresses">{t('payment.tabs.addresses')}</span>,
            children: (
              <PaymentAddressesTab spaceId={spaceId} enabled={space.data.feature_list.includes('payment')} />
            ),
          },
          ...RECORD_TABS.map((kind) => ({
            key: kind,
            label: <span data-testid={`payment-tab-${kind}`}>{t(`payment.tabs.${kind}`)}</span>,
            children: <PaymentRecordsTab spaceId={spaceId} kind={kind} />,
          })),
        ]}
      />
    );
  };

  return (
    <div data-testid="payment-page">
      <PageHeader title={t('payment.title')} description={t('payment.description')} />
      <Card styles={{ body: { paddingTop: 4 } }}>{body()}</Card>
    </div>
  );
}
