import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useWebConfig } from '@/features/platform';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { devnetSignMessage, verifyBitcoinKey } from '../api/bitcoin-keys';
import { signerAddressesKey } from '../api/list-signer-addresses';
import type { SignerAddress } from '../api/types';
import { useSignerChallenge } from './use-signer-challenge';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/** Verify a Bitcoin-family key: sign the one-time challenge with the key (Sparrow/Electrum "sign message", BIP-137) and paste the signature. */
export function VerifyBitcoinKeyModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const config = useWebConfig();
  const { challenge, challengeError, loadChallenge } = useSignerChallenge(signer);
  const [signature, setSignature] = useState('');
  const [childPath, setChildPath] = useState('');
  const [devKey, setDevKey] = useState(1);
  const [busy, setBusy] = useState(false);
  const chainKey = signer?.chain_key ?? '';
  const devnet = Boolean(config.data?.dev_mode && chainKey.endsWith('-regtest'));
  useEffect(() => setSignature(''), [signer]);

  const verify = async () => {
    if (!signer || !challenge) return;
    setBusy(true);
    try {
      await verifyBitcoinKey({
        id: signer.id,
        challenge_id: challenge.challenge_id,
        signature,
        ...(childPath ? { child_path: childPath } : {}),
      });
      await client.invalidateQueries({ queryKey: signerAddressesKey });
      toastSuccess(t('signer.verify.done'));
      onClose();
    } catch (error) {
      void showErrorToast(error);
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
      okButtonProps={{ disabled: !signature || !challenge, 'data-testid': 'btc-key-verify-submit' } as never}
      confirmLoading={busy}
      destroyOnHidden
    >
      {signer ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('signer.btc.verifyHint')}</Typography.Paragraph>
          {challengeError ? (
            <QueryError
              title={t('signer.verify.challengeError')}
              error={challengeError}
              onRetry={loadChallenge}
              testId="signer-challenge-error"
            />
          ) : null}
          <Alert
            type="info"
            message={
              <span style={{ ...MONO, wordBreak: 'break-all' }}>
                {signer.fingerprint ? `[${signer.fingerprint}${(signer.path ?? '').replace(/^m/, '')}]` : ''}
                {signer.address}
              </span>
            }
          />
          {challenge ? (
            <Typography.Paragraph
              copyable={{ text: challenge.message }}
              style={{ ...MONO, whiteSpace: 'pre-wrap', background: '#f6f8fc', padding: 8, borderRadius: 6 }}
              data-testid="btc-key-challenge"
            >
              {challenge.message}
            </Typography.Paragraph>
          ) : null}
          <Input.TextArea
            rows={2}
            value={signature}
            onChange={(event) => setSignature(event.target.value.trim())}
            placeholder={t('signer.btc.signaturePlaceholder')}
            style={MONO}
            data-testid="btc-key-signature"
          />
          <Input
            value={childPath}
            onChange={(event) => setChildPath(event.target.value.trim())}
            placeholder={t('signer.btc.childPathPlaceholder')}
            style={{ ...MONO, width: 260 }}
          />
          {devnet && challenge ? (
            <Space wrap data-testid="btc-key-devnet-sign">
              <Select
                value={devKey}
                onChange={setDevKey}
                style={{ width: 90 }}
                options={Array.from({ length: 9 }, (_, i) => ({ value: i + 1, label: `#${i + 1}` }))}
              />
              <Button
                onClick={() =>
                  void devnetSignMessage({
                    chain_key: chainKey,
                    index: devKey,
                    message: challenge.message,
                  }).then(
                    (reply) => setSignature(reply.signature),
                    (error: unknown) => showErrorToast(error),
                  )
                }
              >
                {t('signer.btc.signDevnet')}
              </Button>
            </Space>
          ) : null}
        </Space>
      ) : null}
    </Modal>
  );
}
