import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { UsbOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isWalletError, showWalletError } from '@/lib/wallet-connectors';
import { isLedgerPsbtChain } from '@/lib/wallet-connectors/ledger/ledger-psbt';
import { isOneKeyBitcoinChain } from '@/lib/wallet-connectors/onekey/onekey-coins';
import type { BitcoinSignerKey } from '@/lib/wallet-connectors/psbt-device/multisig-psbt-types';
import { isTrezorBitcoinChain } from '@/lib/wallet-connectors/trezor/trezor-coins';
import { previousTransactionsOf } from '../../api/psbt-actions';
import type { BitcoinTaskInfo } from '../../api/types';

type Device = 'trezor' | 'ledger' | 'onekey';

/**
 * Hardware wallets on the PSBT card, each signing with the signer's registered key (xpub,
 * fingerprint, path): Trezor (Connect reads the previous transactions itself, so not on regtest),
 * Ledger's Litecoin app and OneKey (both take the inputs' previous transactions, asked from the
 * server as soon as their buttons show). Every signature is checked in the page before `submit`.
 */
export function PsbtDeviceSign(props: {
  task: BitcoinTaskInfo;
  signerKey: BitcoinSignerKey;
  submit: (psbt: string) => Promise<void>;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task, signerKey } = props;
  const chain = task.chain_id ?? '';
  const [busy, setBusy] = useState<Device | null>(null);
  const devices: Device[] = [
    ...(isTrezorBitcoinChain(chain) && !chain.endsWith('-regtest') ? (['trezor'] as const) : []),
    ...(isLedgerPsbtChain(chain) ? (['ledger'] as const) : []),
    ...(isOneKeyBitcoinChain(chain) ? (['onekey'] as const) : []),
  ];
  const needsPrevious = devices.some((device) => device !== 'trezor');
  const previous = useQuery({
    queryKey: ['task', task.task_id, 'previous-transactions'],
    queryFn: () => previousTransactionsOf(task.task_id),
    enabled: needsPrevious,
    staleTime: Infinity,
  });

  const signOn = async (device: Device): Promise<string> => {
    const psbt = task.psbt!;
    const keys = task.signing_keys ?? [];
    if (device === 'trezor' && isTrezorBitcoinChain(chain)) {
      const { signPsbtWithTrezor } = await import('@/lib/wallet-connectors/trezor/trezor-psbt');
      return signPsbtWithTrezor(psbt, chain, signerKey, keys);
    }
    const fetched = previous.data ?? (await previous.refetch({ throwOnError: true })).data!;
    if (device === 'ledger' && isLedgerPsbtChain(chain)) {
      const { signPsbtWithLedger } = await import('@/lib/wallet-connectors/ledger/ledger-psbt');
      return signPsbtWithLedger(psbt, chain, signerKey, keys, fetched.transactions);
    }
    if (!isOneKeyBitcoinChain(chain)) throw new Error(`no ${device} signing on ${chain}`);
    const [{ signPsbtWithOneKey }, { withPreviousTransactions }] = await Promise.all([
      import('@/lib/wallet-connectors/onekey/onekey-psbt'),
      import('@/lib/wallet-connectors/psbt-device/previous-transactions'),
    ]);
    return signPsbtWithOneKey(
      withPreviousTransactions(psbt, chain, fetched.transactions),
      chain,
      signerKey,
      keys,
    );
  };

  const sign = async (device: Device) => {
    setBusy(device);
    let signed: string;
    try {
      signed = await signOn(device);
    } catch (error) {
      setBusy(null);
      if (!isWalletError(error, 'wallet_user_reject')) void showWalletError(error);
      return;
    }
    // The platform verifies the signatures again; a refusal is toasted by the sign action.
    await props.submit(signed).catch(() => undefined);
    setBusy(null);
  };

  return devices.map((device) => (
    <Tooltip key={device} title={device === 'ledger' ? t('psbt.ledgerHint') : undefined}>
      <Button
        icon={<UsbOutlined />}
        loading={busy === device}
        disabled={busy !== null && busy !== device}
        onClick={() => void sign(device)}
        data-testid={`psbt-${device}-sign`}
      >
        {t(`psbt.${device}Sign`)}
      </Button>
    </Tooltip>
  ));
}
