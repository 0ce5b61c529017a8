import { useTranslation } from 'react-i18next';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { useXrpSetup, type XrpSetup } from '../../api/account-setup';
import { WALLET_STATUS } from '../../wallet-status';
import { AccountSetupFrame } from './account-setup-frame';
import { SetupStepPending } from './setup-outcome';
import { AccountTopUp } from './account-top-up';
import { XrpSetupSign } from './xrp-setup-sign';

/** Where the setup stands: reserve top-up, signer list, master key disabled, ready. */
const stepIndex = (setup: XrpSetup | undefined) =>
  !setup || setup.status === WALLET_STATUS.tronNeedsTrx
    ? 0
    : setup.status === WALLET_STATUS.normal
      ? 3
      : setup.step === 'disable_master'
        ? 2
        : 1;

/**
 * XRP Ledger setup (§4 statuses 6 → 13 → 14 → 13 → 14 → 1): the account receives its reserves,
 * its master key signs the SignerListSet that gives it to the weighted signers, then the AccountSet
 * that disables the master key, each waiting for a validated ledger; then ready. Followed from
 * GET /wallets/xrp/status; the same screen the wallet's page leads back to.
 */
export function StepXrpSetup({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const setup = useXrpSetup(walletId);
  const wallet = useWalletBaseInfo(walletId);
  return (
    <AccountSetupFrame
      family="XRP"
      walletId={walletId}
      setup={setup}
      current={stepIndex(setup.data)}
      steps={[
        t('xrp.setup.steps.topUp'),
        t('xrp.setup.steps.signerList'),
        t('xrp.setup.steps.disableMaster'),
        t('xrp.setup.steps.ready'),
      ]}
    >
      {(data) =>
        data.status === WALLET_STATUS.tronNeedsTrx ? (
          <AccountTopUp
            family="XRP"
            walletId={walletId}
            setup={data}
            readAt={setup.dataUpdatedAt}
            hint={
              data.reserve
                ? t('xrp.setup.requiredHint', { symbol: data.symbol })
                : t('xrp.setup.reserveUnknown', { symbol: data.symbol, suggested: data.suggested })
            }
            rows={
              data.reserve
                ? [
                    { key: 'reserve-base', label: t('xrp.setup.reserveBase'), value: data.reserve.base },
                    { key: 'reserve-owner', label: t('xrp.setup.reserveOwner'), value: data.reserve.owner },
                  ]
                : [{ key: 'suggested', label: t('xrp.setup.suggested'), value: data.suggested }]
            }
          />
        ) : data.status === WALLET_STATUS.permissionPending && data.setup_tx && data.step ? (
          <XrpSetupSign
            key={data.step}
            setup={data}
            wallet={wallet.data}
            onSent={() => void setup.refetch()}
          />
        ) : data.status === WALLET_STATUS.permissionChanging ? (
          <SetupStepPending
            message={t(`xrp.setup.confirming.${data.step ?? 'signer_list'}`)}
            hash={data.deploy_tx_hash}
            testId="xrp-step-pending"
          />
        ) : undefined
      }
    </AccountSetupFrame>
  );
}
