import { Alert, Empty, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { AddressText } from '@/features/wallet';
import { useSelectedSpaceId } from '@/lib/space';
import { useWallets, type WalletListItem } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { WizardActions } from './wizard-actions';

/** Wallets this user may start a transfer from: multisig, deployed, operator. */
export const canTransferFrom = (wallet: WalletListItem) =>
  wallet.sign_type === 1 && wallet.status === 1 && wallet.is_operator;

export function StepWallet(props: {
  walletId: number;
  onNext: (walletId: number) => void;
  onPick: (walletId: number) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const wallets = useWallets(useSelectedSpaceId());
  const usable = (wallets.data?.list ?? []).filter(canTransferFrom);
  if (wallets.isPending) return <Skeleton active />;
  if (!usable.length) return <Empty description={t('wizard.noWallets')} />;
  return (
    <div>
      <Typography.Paragraph type="secondary">{t('wizard.chooseWalletHint')}</Typography.Paragraph>
      <Radio.Group
        value={props.walletId || undefined}
        onChange={(event) => props.onPick(event.target.value as number)}
        style={{ width: '100%' }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {usable.map((wallet) => (
            <Radio
              key={wallet.wallet_id}
              value={wallet.wallet_id}
              data-testid={`transfer-wallet-${wallet.wallet_id}`}
              style={{ width: '100%' }}
            >
              <Space wrap size={6}>
                <Typography.Text strong>{wallet.name}</Typography.Text>
                <Tag>{t('wizard.threshold', { threshold: wallet.threshold })}</Tag>
                {wallet.is_open_white_list ? (
                  <Tag icon={<SafetyOutlined />} color="blue">
                    {t('wizard.whitelistOn')}
                  </Tag>
                ) : null}
                <span onClick={(event) => event.preventDefault()}>
                  <AddressText address={wallet.address} />
                </span>
              </Space>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {props.walletId && usable.find((wallet) => wallet.wallet_id === props.walletId)?.is_open_white_list ? (
        <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('wizard.whitelistHint')} />
      ) : null}
      <WizardActions onNext={() => props.onNext(props.walletId)} disabled={!props.walletId} />
    </div>
  );
}
