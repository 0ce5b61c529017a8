import { Alert, Empty, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { QueryError } from '@/components/ui/query-error';
import { AddressText, useWallets } from '@/features/wallet';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useWalletsForTask } from '../../api/wallets-for-task';
import { WizardActions } from './wizard-actions';

/** "1,000 USDT · 1 ETH": what each asset has available (balance less what active transfers lock). */
function available(assets: Array<{ symbol: string; available: string }>): string {
  const held = assets.filter((asset) => Number(asset.available) > 0);
  return held.map((asset) => `${Number(asset.available).toLocaleString()} ${asset.symbol}`).join(' · ');
}

/**
 * Step 1: the wallets this user may start a transfer from (GET /wallets/list-for-task: operator,
 * ready; multisig here), each with what it has available now; threshold and whitelist from the list.
 */
export function StepWallet(props: {
  walletId: number;
  onNext: (walletId: number) => void;
  onPick: (walletId: number) => void;
  /** Which wallets this variant may start from (the batch wizard: families that can batch). */
  eligible?: (wallet: { chain_id: string }) => boolean;
  /** Shown when no wallet is eligible. */
  emptyText?: string;
}) {
  const { t } = useLazyTranslation('transfer');
  const spaceId = useSelectedSpaceId();
  const forTask = useWalletsForTask(spaceId);
  const wallets = useWallets(spaceId);
  if (forTask.isError)
    return (
      <QueryError
        title={t('wizard.walletsError')}
        error={forTask.error}
        onRetry={() => forTask.refetch()}
        retrying={forTask.isFetching}
        testId="transfer-wallets-error"
      />
    );
  if (forTask.isPending) return <Skeleton active />;
  const usable = forTask.data.list.filter(
    (wallet) => wallet.sign_type === 1 && (props.eligible?.(wallet) ?? true),
  );
  if (!usable.length) return <Empty description={props.emptyText ?? t('wizard.noWallets')} />;
  const details = new Map((wallets.data?.list ?? []).map((wallet) => [wallet.wallet_id, wallet]));
  return (
    <div>
      <Typography.Paragraph type="secondary">{t('wizard.chooseWalletHint')}</Typography.Paragraph>
      <Radio.Group
        value={props.walletId || undefined}
        onChange={(event) => props.onPick(event.target.value as number)}
        style={{ width: '100%' }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {usable.map((wallet) => {
            const detail = details.get(wallet.wallet_id);
            const funds = available(wallet.assets);
            return (
              <Radio
                key={wallet.wallet_id}
                value={wallet.wallet_id}
                data-testid={`transfer-wallet-${wallet.wallet_id}`}
                style={{ width: '100%' }}
              >
                <Space wrap size={6}>
                  <Typography.Text strong>{wallet.name}</Typography.Text>
                  {detail ? <Tag>{t('wizard.threshold', { threshold: detail.threshold })}</Tag> : null}
                  {detail?.is_open_white_list ? (
                    <Tag icon={<SafetyOutlined />} color="blue">
                      {t('wizard.whitelistOn')}
                    </Tag>
                  ) : null}
                  <span onClick={(event) => event.preventDefault()}>
                    <AddressText address={wallet.address} />
                  </span>
                </Space>
                <div style={{ fontSize: 12 }} data-testid={`transfer-wallet-available-${wallet.wallet_id}`}>
                  <Typography.Text type="secondary">
                    {funds ? t('wizard.availableNow', { funds }) : t('wizard.nothingAvailable')}
                  </Typography.Text>
                </div>
              </Radio>
            );
          })}
        </Space>
      </Radio.Group>
      {props.walletId && details.get(props.walletId)?.is_open_white_list ? (
        <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('wizard.whitelistHint')} />
      ) : null}
      <WizardActions onNext={() => props.onNext(props.walletId)} disabled={!props.walletId} />
    </div>
  );
}
