import { useTranslation } from 'react-i18next';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { useTronSetup } from '../../api/account-setup';
import { WALLET_STATUS } from '../../wallet-status';
import { AccountSetupFrame } from './account-setup-frame';
import { SetupStepPending } from './setup-outcome';
import { AccountTopUp } from './account-top-up';
import { TronPermissionUpdate } from './tron-permission-update';

const STEP_OF: Record<number, number> = { 6: 0, 13: 1, 14: 2, 1: 3 };

/**
 * Tron top-up (§2 wizard step; §4 statuses 6 → 13 → 14 → 1): fund the account, its current key
 * signs the permission update handing it to the weighted signers, the chain shows it, ready.
 * Followed from GET /wallets/tron/status; the same screen the wallet's page leads back to.
 */
export function StepTronSetup({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const setup = useTronSetup(walletId);
  const wallet = useWalletBaseInfo(walletId);
  return (
    <AccountSetupFrame
      family="TRX"
      walletId={walletId}
      setup={setup}
      current={STEP_OF[setup.data?.status ?? 6] ?? 0}
      steps={[
        t('tron.setup.steps.topUp'),
        t('tron.setup.steps.sign'),
        t('tron.setup.steps.confirm'),
        t('tron.setup.steps.ready'),
      ]}
    >
      {(data) =>
        data.status === WALLET_STATUS.tronNeedsTrx ? (
          <AccountTopUp
            family="TRX"
            walletId={walletId}
            setup={data}
            readAt={setup.dataUpdatedAt}
            hint={t('tron.setup.requiredHint', { symbol: data.symbol, suggested: data.suggested })}
            rows={[{ key: 'suggested', label: t('tron.setup.suggested'), value: data.suggested }]}
          />
        ) : data.status === WALLET_STATUS.permissionPending && data.update ? (
          <TronPermissionUpdate setup={data} wallet={wallet.data} onSent={() => void setup.refetch()} />
        ) : data.status === WALLET_STATUS.permissionChanging ? (
          <SetupStepPending
            message={t('tron.setup.confirming')}
            hash={data.deploy_tx_hash}
            testId="tron-update-pending"
          />
        ) : undefined
      }
    </AccountSetupFrame>
  );
}
