import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { showWalletError } from '@/lib/wallet-connectors';
import { signerAddressesKey } from '../api/list-signer-addresses';
import type { SignerAddress } from '../api/types';
import { verifySignerAddress } from '../api/verify-signer-address';
import { useSignerChallenge } from './use-signer-challenge';

/**
 * A verification dialog's state for one signer address: its one-time challenge (read when the
 * dialog opens for it), the pasted proof and the server's refusal of it (both cleared with each
 * signer), and the verification that, once accepted, refreshes the list and closes the dialog. A
 * failure is toasted unless `sayRefusal` words it for the dialog.
 */
export function useChallengeProof(signer: SignerAddress | null, onClose: () => void) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const { challenge, challengeError, loadChallenge } = useSignerChallenge(signer);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    setPasted('');
    setRefusal(null);
  }, [signer]);

  const paste = (value: string) => {
    setPasted(value);
    setRefusal(null);
  };
  const verify = async (sign: () => Promise<string>, sayRefusal?: (error: unknown) => string | null) => {
    if (!signer || !challenge) return;
    setBusy(true);
    setRefusal(null);
    try {
      const signature = await sign();
      await verifySignerAddress({ id: signer.id, challenge_id: challenge.challenge_id, signature });
      await client.invalidateQueries({ queryKey: signerAddressesKey });
      toastSuccess(t('signer.verify.done'));
      onClose();
    } catch (error) {
      const said = sayRefusal?.(error) ?? null;
      if (said) setRefusal(said);
      else void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };
  return { challenge, challengeError, loadChallenge, pasted, paste, refusal, busy, verify };
}
