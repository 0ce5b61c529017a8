import { Suspense } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Grid, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { exchangePath } from '@/features/exchange';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { isApiError } from '@/lib/api-client';
import { useSelectedSpaceId } from '@/lib/space';
import { useWalletBaseInfo } from '../api/get-wallet-base-info';
import { useChains } from '../api/list-chains';
import { FAMILY_KEY, isWeightedFamily, useSignerWeights } from '../api/account-setup';
import { ACCOUNT_SETUP_STATUSES, SIGN_TYPE, WALLET_STATUS } from '../wallet-status';
import { ApprovalsTab } from '../components/detail/approvals-tab';
import { AssetsTab } from '../components/detail/assets-tab';
import { AuditTab } from '../components/detail/audit-tab';
import { DepositTab } from '../components/detail/deposit-tab';
import { PaymentSettingsTab } from '../components/detail/payment-settings-tab';
import { RecovererView } from '../components/detail/recovery/recoverer-view';
import { RecoveryBanner } from '../components/detail/recovery/recovery-banner';
import { RecoveryTab } from '../components/detail/recovery/recovery-tab';
import { TimelockRecoveryTab } from '../components/detail/recovery/timelock-recovery-tab';
import { SettingsTab } from '../components/detail/settings-tab';
import { SetupCard } from '../components/detail/setup-card';
import { SolCreateCard } from '../components/create/sol-create-card';
import { TransfersTab } from '../components/detail/transfers-tab';
import { AddressText, MONO, RoleTags, SignTypeTag, WalletStatusTag } from '../components/wallet-bits';
import { FamilyTypeTag } from '../components/family-type';

/**
 * /wallet/detail/:id: one wallet: assets, deposit, transfers, token approvals and emergency
 * recovery (EVM Safes), settings and its audit log (tabs of features not built are not shown).
 * A recoverer who holds no role on the wallet reaches its Recovery tab only (?tab=recovery).
 */
export default function WalletDetailPage() {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const walletId = Number(useParams().id ?? 0);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'assets';
  const wallet = useWalletBaseInfo(walletId, false, tab === 'recovery');
  const chains = useChains();
  const info = useOrganizationBaseInfo(useSelectedSpaceId());
  const privileged = info.data ? isPrivileged(info.data) : false;
  const data = wallet.data;
  // Tron and XRP wallets are weighted: the threshold is a weight, each signer key has one (from its setup).
  const family = chains.data?.list.find((item) => item.chain_id === data?.chain_id)?.family;
  const weighted = isWeightedFamily(family);
  const weights = useSignerWeights(walletId, family);

  if (wallet.isError) {
    const notFound = (
      <Result
        status="404"
        title={t('detail.notFound')}
        subTitle={isApiError(wallet.error) ? wallet.error.message : undefined}
        extra={<Button onClick={() => void navigate('/wallet')}>{t('detail.back')}</Button>}
      />
    );
    // The recoverer of a wallet they hold no role on (a notification's link) sees its recovery.
    return tab === 'recovery' && isApiError(wallet.error, 'WALLET_NOT_FOUND_ERROR') ? (
      <Suspense fallback={<Skeleton active />}>
        <RecovererView walletId={walletId} notFound={notFound} />
      </Suspense>
    ) : (
      notFound
    );
  }
  if (!data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  // An exchange account (sign type 3) has a page of its own.
  if (data.sign_type === SIGN_TYPE.exchange) return <Navigate to={exchangePath(walletId)} replace />;

  const chain = chains.data?.list.find((item) => item.chain_id === data.chain_id);
  const archived = data.status === WALLET_STATUS.archived;
  // §1/§4 emergency recovery: a delay module on an EVM Safe.
  const recoverable = family === 'EVM' && data.sign_type === SIGN_TYPE.multi && !archived;
  // Bitcoin family: a recovery key that alone spends coins `recovery_blocks` old (set at creation).
  const timelocked = family === 'BTC' && data.sign_type === SIGN_TYPE.multi && data.recovery_blocks !== null;
  const items = [
    {
      key: 'assets',
      label: t('detail.tabs.assets'),
      children: <AssetsTab walletId={walletId} chainKey={data.chain_id} canEdit={privileged && !archived} />,
    },
    { key: 'deposit', label: t('detail.tabs.deposit'), children: <DepositTab wallet={data} /> },
    ...(privileged && !archived
      ? [
          {
            key: 'settings',
            label: t('detail.tabs.settings'),
            children: <SettingsTab key={data.wallet_id} wallet={data} />,
          },
        ]
      : []),
    // Only EVM wallets can be sponsored by a payment address (admins).
    ...(privileged && !archived && family === 'EVM'
      ? [
          {
            key: 'payment',
            label: <span data-testid="wallet-tab-payment">{t('detail.tabs.payment')}</span>,
            children: <PaymentSettingsTab key={data.wallet_id} wallet={data} />,
          },
        ]
      : []),
    ...(privileged
      ? [{ key: 'audit', label: t('detail.tabs.audit'), children: <AuditTab walletId={walletId} /> }]
      : []),
    {
      key: 'transfers',
      label: t('detail.tabs.transfers'),
      children: <TransfersTab walletId={walletId} />,
    },
    // §2 token approvals: ERC-20 allowances exist only for EVM Safes.
    ...(family === 'EVM' && data.sign_type === SIGN_TYPE.multi
      ? [
          {
            key: 'approvals',
            label: <span data-testid="wallet-tab-approvals">{t('detail.tabs.approvals')}</span>,
            children: <ApprovalsTab wallet={data} />,
          },
        ]
      : []),
    ...(recoverable || (timelocked && !archived)
      ? [
          {
            key: 'recovery',
            label: <span data-testid="wallet-tab-recovery">{t('detail.tabs.recovery')}</span>,
            children: (
              <Suspense fallback={<Skeleton active />}>
                {timelocked ? (
                  <TimelockRecoveryTab walletId={walletId} chainKey={data.chain_id} />
                ) : (
                  <RecoveryTab walletId={walletId} chainKey={data.chain_id} />
                )}
              </Suspense>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="wallet-detail-page">
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => void navigate('/wallet')}
        style={{ paddingInline: 0, marginBottom: 8 }}
      >
        {t('detail.back')}
      </Button>
      <Card style={{ marginBottom: 16 }}>
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 12,
            justifyContent: 'space-between',
            alignItems: 'flex-start',
          }}
        >
          <div style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Space wrap size={8} style={{ marginBottom: 6 }}>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="wallet-name">
                {data.name}
              </Typography.Title>
              <WalletStatusTag status={data.status} />
              <SignTypeTag signType={data.sign_type} />
              <FamilyTypeTag type={data.family_address_type} />
              {timelocked ? (
                <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="wallet-recovery-tag">
                  {t('detail.recoveryTag', { count: data.recovery_blocks ?? 0 })}
                </Tag>
              ) : null}
            </Space>
            <div>
              <Typography.Text
                copyable={data.address ? { text: data.address } : false}
                style={{ ...MONO, wordBreak: 'break-all' }}
                data-testid="wallet-address"
              >
                {data.address ?? '—'}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {chain?.name ?? data.chain_id}
              {data.sign_type === 1
                ? ` · ${
                    weighted
                      ? t(`${FAMILY_KEY[family]}.thresholdWeight`, {
                          threshold: data.threshold,
                          total: weights.total ?? '…',
                        })
                      : t('thresholdOf', { threshold: data.threshold, count: data.signers.length })
                  }`
                : ''}
              {data.remark ? ` · ${data.remark}` : ''}
            </Typography.Text>
          </div>
          <div>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
              {t('fields.myRoles')}
            </Typography.Text>
            <RoleTags roles={data.my_roles} signer={data.is_signer} />
          </div>
        </div>
        {weighted && ACCOUNT_SETUP_STATUSES.includes(data.status) ? (
          <Alert
            style={{ marginTop: 16 }}
            type={data.status === WALLET_STATUS.permissionChanging ? 'info' : 'warning'}
            showIcon
            data-testid={`${FAMILY_KEY[family]}-setup-alert`}
            message={t(`${FAMILY_KEY[family]}.detail.status${data.status}`)}
            action={
              <Button
                size="small"
                type="primary"
                onClick={() => void navigate(`/wallet/multiple-wallet?wallet_id=${walletId}`)}
                data-testid="open-account-setup"
              >
                {t('tron.detail.open')}
              </Button>
            }
          />
        ) : family === 'SOL' &&
          (data.status === WALLET_STATUS.awaitingCreation || data.status === WALLET_STATUS.deployPending) ? (
          <div style={{ marginTop: 16 }}>
            <SolCreateCard walletId={walletId} />
          </div>
        ) : data.status === WALLET_STATUS.initializing || data.status === WALLET_STATUS.deployPending ? (
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            showIcon
            message={
              data.status === WALLET_STATUS.initializing ? t('detail.needsDeploy') : t('deploy.confirming')
            }
            action={
              <Button
                size="small"
                onClick={() => void navigate(`/wallet/multiple-wallet?wallet_id=${walletId}`)}
              >
                {t('detail.openDeploy')}
              </Button>
            }
          />
        ) : data.status === WALLET_STATUS.awaitingVerification ? (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            message={t('detail.needsVerify')}
            action={
              <Button
                size="small"
                onClick={() => void navigate(`/wallet/multiple-wallet?wallet_id=${walletId}`)}
              >
                {t('detail.openVerify')}
              </Button>
            }
          />
        ) : archived ? (
          <Alert style={{ marginTop: 16 }} type="warning" showIcon message={t('detail.archived')} />
        ) : null}
        {recoverable ? (
          <Suspense fallback={null}>
            <RecoveryBanner
              walletId={walletId}
              onOpen={
                tab === 'recovery' ? undefined : () => setParams({ tab: 'recovery' }, { replace: true })
              }
            />
          </Suspense>
        ) : null}
        {archived ? null : (
          <div style={{ marginTop: 16 }}>
            <SetupCard wallet={data} />
          </div>
        )}
        {data.sign_type === 1 ? (
          <div style={{ marginTop: 16 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('fields.signers')}
            </Typography.Text>
            {data.signers.map((signer) => (
              <div
                key={signer.address}
                style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8, alignItems: 'baseline' }}
              >
                {screens.md ? (
                  <Typography.Text copyable style={MONO}>
                    {signer.address}
                  </Typography.Text>
                ) : (
                  <AddressText address={signer.address} />
                )}
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                  {signer.nickname || signer.email}
                </Typography.Text>
                {weighted && weights.weightOf(signer.address) !== undefined ? (
                  <Tag style={{ marginInlineEnd: 0 }} data-testid="signer-weight-tag">
                    {t(`${FAMILY_KEY[family]}.weightTag`, { weight: weights.weightOf(signer.address) })}
                  </Tag>
                ) : null}
              </div>
            ))}
          </div>
        ) : null}
      </Card>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={items}
          data-testid="wallet-detail-tabs"
        />
      </Card>
    </div>
  );
}
