import { Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Skeleton, Table, Tag, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useKeepPlanWallets, usePlanWallets, type PlanWallets } from '../../api/plan-wallets';
import { CHAIN_NAMES } from './chain-names';

type Row = PlanWallets['list'][number];
const MULTI = 1;
const SINGLE = 2;

/**
 * §4 subscription expiry: the space's wallets against its plan's limits. When more wallets are in
 * use than the plan allows, transfers wait until an admin ticks the wallets to keep and saves.
 */
export function PlanWalletsCard({ organizationId }: { organizationId: string }) {
  const { t } = useLazyTranslation('spaces');
  const wallets = usePlanWallets(organizationId);
  const keep = useKeepPlanWallets(organizationId);
  const data = wallets.data;
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (data) setChosen(data.list.filter((row) => row.kept).map((row) => row.wallet_id));
  }, [data]);
  const count = (type: number) =>
    data ? data.list.filter((row) => row.sign_type === type && chosen.includes(row.wallet_id)).length : 0;
  const changed = useMemo(
    () => Boolean(data && data.list.some((row) => row.kept !== chosen.includes(row.wallet_id))),
    [data, chosen],
  );

  if (wallets.isError)
    return (
      <QueryError
        title={t('planWallets.loadError')}
        error={wallets.error}
        onRetry={() => wallets.refetch()}
        retrying={wallets.isFetching}
        testId="plan-wallets-error"
      />
    );
  if (!data) return <Skeleton active />;
  const over = (type: number) => count(type) > (type === MULTI ? data.limits.multisig : data.limits.single);
  const save = () =>
    keep.mutate(chosen, {
      onSuccess: (reply) =>
        toastSuccess(reply.must_choose ? t('planWallets.savedStillOver') : t('planWallets.saved')),
    });

  return (
    <div data-testid="plan-wallets">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('planWallets.title')}
      </Typography.Title>
      {data.must_choose ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('planWallets.mustChooseTitle')}
          description={t('planWallets.mustChoose', {
            plan: t(`plans.${data.plan}`),
            multisig: data.limits.multisig,
            single: data.limits.single,
          })}
          data-testid="plan-choose-banner"
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('planWallets.hint')}
      </Typography.Paragraph>
      <Table<Row>
        rowKey="wallet_id"
        size="small"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={data.list}
        locale={{ emptyText: t('planWallets.none') }}
        columns={[
          {
            title: t('planWallets.keep'),
            key: 'keep',
            width: 70,
            render: (_value, row) => (
              <Checkbox
                checked={chosen.includes(row.wallet_id)}
                aria-label={t('planWallets.keepWallet', { name: row.name })}
                data-testid={`plan-keep-${row.wallet_id}`}
                onChange={(event) =>
                  setChosen((old) =>
                    event.target.checked ? [...old, row.wallet_id] : old.filter((id) => id !== row.wallet_id),
                  )
                }
              />
            ),
          },
          { title: t('planWallets.name'), dataIndex: 'name', ellipsis: true },
          {
            title: t('planWallets.kind'),
            dataIndex: 'sign_type',
            width: 150,
            render: (type: number) => t(`planWallets.kinds.${type === MULTI ? 'multi' : 'single'}`),
          },
          {
            title: t('planWallets.chain'),
            dataIndex: 'chain_id',
            width: 140,
            render: (id: string | number) => CHAIN_NAMES[String(id)] ?? String(id),
          },
          {
            title: t('planWallets.state'),
            key: 'kept',
            width: 130,
            render: (_value, row) =>
              row.kept ? (
                <Tag color="green">{t('planWallets.kept')}</Tag>
              ) : (
                <Tag color="default">{t('planWallets.leftOut')}</Tag>
              ),
          },
        ]}
      />
      <div
        style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginTop: 12 }}
        data-testid="plan-wallets-counts"
      >
        {[MULTI, SINGLE].map((type) => (
          <Typography.Text key={type} type={over(type) ? 'danger' : 'secondary'}>
            {t(`planWallets.count.${type === MULTI ? 'multi' : 'single'}`, {
              count: count(type),
              limit: type === MULTI ? data.limits.multisig : data.limits.single,
            })}
          </Typography.Text>
        ))}
        <div style={{ flex: 1 }} />
        <Button
          type="primary"
          disabled={!changed && !data.must_choose}
          loading={keep.isPending}
          onClick={save}
          data-testid="plan-wallets-save"
        >
          {t('planWallets.save')}
        </Button>
      </div>
      {keep.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t('planWallets.saveFailed')}
          description={isApiError(keep.error) ? keep.error.message : undefined}
          data-testid="plan-wallets-save-error"
        />
      ) : null}
    </div>
  );
}

/** The warning an admin sees outside the settings (the wallet list) while the plan's choice waits. */
export function PlanChoiceBanner(props: { organizationId: string | null; privileged: boolean }) {
  if (!props.privileged) return null;
  // The space texts load on demand: nothing shows until they are there.
  return (
    <Suspense fallback={null}>
      <ChoiceBanner organizationId={props.organizationId} />
    </Suspense>
  );
}

function ChoiceBanner(props: { organizationId: string | null }) {
  const { t } = useLazyTranslation('spaces');
  const navigate = useNavigate();
  const wallets = usePlanWallets(props.organizationId);
  if (!wallets.data?.must_choose) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('planWallets.mustChooseTitle')}
      description={t('planWallets.bannerText', { plan: t(`plans.${wallets.data.plan}`) })}
      action={
        <Button
          size="small"
          onClick={() => void navigate('/organization/settings?tab=plan')}
          data-testid="plan-banner-link"
        >
          {t('planWallets.choose')}
        </Button>
      }
      data-testid="plan-choose-banner"
    />
  );
}
