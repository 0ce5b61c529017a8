import { useEffect, type ReactNode } from 'react';
import { Alert, Card, Space, Steps, Typography } from 'antd';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { FAMILY_KEY, type WeightedFamily } from '../../api/account-setup';
import { WALLET_STATUS } from '../../wallet-status';
import { MONO, WalletStatusTag } from '../wallet-bits';
import { WalletReadyResult } from './setup-outcome';

interface SetupBase {
  status: number;
  address: string;
  threshold: number;
  signers: { address: string; weight: number }[];
  deploy_tx_hash: string | null;
}

/**
 * The frame of a weighted account's setup (Tron, XRP; §4 statuses 6 → 13 → 14 → 1): where it
 * stands, the account and its threshold, a failed read said with Retry, and the ready screen.
 * What each family's steps show (top-up, what is signed) is `children`; undefined for a status it
 * does not know. Followed from the family's status read; the wallet's page leads back here.
 */
export function AccountSetupFrame<T extends SetupBase>(props: {
  family: WeightedFamily;
  walletId: number;
  setup: UseQueryResult<T>;
  steps: string[];
  current: number;
  children: (data: T) => ReactNode | undefined;
}) {
  const { t } = useTranslation('wallets');
  const key = FAMILY_KEY[props.family];
  const client = useQueryClient();
  const { setup, walletId } = props;
  const status = setup.data?.status;
  useEffect(() => {
    if (status === undefined) return;
    // The wallet's other screens (list, detail, status tag) follow each step.
    void client.invalidateQueries({ queryKey: ['wallet', 'base-info', walletId] });
    void client.invalidateQueries({ queryKey: ['wallet', 'list'] });
  }, [status, walletId, client]);

  if (setup.isError && !setup.data)
    return (
      <QueryError
        title={t(`${key}.setup.loadError`)}
        error={setup.error}
        onRetry={() => setup.refetch()}
        retrying={setup.isFetching}
        testId={`${key}-setup-error`}
      />
    );
  if (!setup.data) return <Card loading />;
  const data = setup.data;
  const total = data.signers.reduce((sum, signer) => sum + signer.weight, 0);
  const body = data.status === WALLET_STATUS.normal ? null : props.children(data);
  return (
    <div style={{ maxWidth: 860 }} data-testid={`${key}-setup`} data-status={data.status}>
      <Steps
        size="small"
        current={props.current}
        style={{ marginBottom: 20 }}
        items={props.steps.map((title) => ({ title }))}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t(`${key}.setup.account`)}</Typography.Text>
          <Typography.Text
            copyable
            style={{ ...MONO, wordBreak: 'break-all' }}
            data-testid={`${key}-account`}
          >
            {data.address}
          </Typography.Text>
          <Space wrap>
            <WalletStatusTag status={data.status} />
            <Typography.Text type="secondary">
              {t(`${key}.thresholdWeight`, { threshold: data.threshold, total })}
            </Typography.Text>
          </Space>
        </Space>
      </Card>
      {setup.isError ? (
        // A later read failed: the last known state stays, with the failure said above it.
        <div style={{ marginBottom: 16 }}>
          <QueryError
            title={t(`${key}.setup.refreshError`)}
            error={setup.error}
            onRetry={() => setup.refetch()}
            retrying={setup.isFetching}
          />
        </div>
      ) : null}
      {data.status === WALLET_STATUS.normal ? (
        <WalletReadyResult
          walletId={walletId}
          title={t(`${key}.setup.done`)}
          subTitle={t(`${key}.setup.doneHint`, { threshold: data.threshold })}
        />
      ) : body === undefined ? (
        <Alert type="warning" showIcon message={t('status.other', { status: data.status })} />
      ) : (
        body
      )}
    </div>
  );
}
