import { useCallback, useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConnectSigner, MONO, type SignerConnection } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { showWalletError } from '@/lib/wallet-connectors';
import { signerAddressesKey } from '../api/list-signer-addresses';
import type { SignerAddress } from '../api/types';
import { fetchSignerChallenge, verifySignerAddress } from '../api/verify-signer-address';

/** Verify: connect the wallet holding the address → challenge → personal_sign → verify. */
export function VerifySignerModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [busy, setBusy] = useState(false);
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);

  const verify = async () => {
    if (!signer || !connection) return;
    setBusy(true);
    try {
      const challenge = await fetchSignerChallenge(signer.id);
      const signature = await connection.connector.signMessage(connection.account, challenge.message);
      await verifySignerAddress({ id: signer.id, challenge_id: challenge.challenge_id, signature });
      await client.invalidateQueries({ queryKey: signerAddressesKey });
      toastSuccess(t('signer.verify.done'));
      onClose();
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(signer)}
      title={t('signer.verify.title')}
      onCancel={onClose}
      onOk={() => void verify()}
      okText={t('signer.verify.submit')}
      okButtonProps={{ disabled: !connection, 'data-testid': 'signer-verify-submit' } as never}
      confirmLoading={busy}
      destroyOnHidden
    >
      {signer ? (
        <>
          <Typography.Paragraph type="secondary">{t('signer.verify.description')}</Typography.Paragraph>
          <Alert
            type="info"
            style={{ marginBottom: 16 }}
            message={
              <span>
                {signer.name}: <span style={{ ...MONO, wordBreak: 'break-all' }}>{signer.address}</span>
              </span>
            }
          />
          <ConnectSigner expected={[signer.address]} onChange={onChange} />
        </>
      ) : null}
    </Modal>
  );
}
