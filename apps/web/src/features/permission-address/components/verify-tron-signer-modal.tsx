import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Collapse, Input, Modal, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MONO, TronLinkConnect } from '@/features/wallet';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { showWalletError, tronLink } from '@/lib/wallet-connectors';
import { signerAddressesKey } from '../api/list-signer-addresses';
import type { SignerAddress } from '../api/types';
import {
  fetchSignerChallenge,
  verifySignerAddress,
  type SignerChallenge,
} from '../api/verify-signer-address';

/** 65-byte r‖s‖v, hex, as signMessageV2 returns it (with or without 0x). */
const SIGNATURE = /^(0x)?[0-9a-fA-F]{130}$/;

/**
 * Verify a Tron address: the one-time challenge signed with TIP-191 (TronLink's signMessageV2) by
 * the account, or signed elsewhere (Ledger, another wallet) and pasted.
 */
export function VerifyTronSignerModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const [challenge, setChallenge] = useState<SignerChallenge | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const onAccount = useCallback((value: string | null) => setAccount(value), []);
  useEffect(() => {
    setChallenge(null);
    setPasted('');
    if (signer) void fetchSignerChallenge(signer.id).then(setChallenge, showErrorToast);
  }, [signer]);

  const verify = async (sign: () => Promise<string>) => {
    if (!signer || !challenge) return;
    setBusy(true);
    try {
      const signature = await sign();
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
  const malformed = pasted !== '' && !SIGNATURE.test(pasted);

  return (
    <Modal
      open={Boolean(signer)}
      title={t('signer.verify.title')}
      onCancel={onClose}
      onOk={() => void verify(() => tronLink.signMessage(challenge!.message))}
      okText={t('signer.tron.signVerify')}
      okButtonProps={{ disabled: !account || !challenge, 'data-testid': 'tron-verify-submit' } as never}
      confirmLoading={busy}
      destroyOnHidden
    >
      {signer ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('signer.tron.verifyHint')}
          </Typography.Paragraph>
          <Alert
            type="info"
            message={
              <span>
                {signer.name}: <span style={{ ...MONO, wordBreak: 'break-all' }}>{signer.address}</span>
              </span>
            }
          />
          <TronLinkConnect expected={[signer.address]} onChange={onAccount} />
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'paste',
                label: <span data-testid="tron-verify-paste-open">{t('signer.tron.pasteTitle')}</span>,
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Text type="secondary">{t('signer.tron.pasteHint')}</Typography.Text>
                    {challenge ? (
                      <Typography.Paragraph
                        copyable={{ text: challenge.message }}
                        style={{ ...MONO, whiteSpace: 'pre-wrap', background: '#f6f8fc', padding: 8 }}
                        data-testid="tron-challenge"
                      >
                        {challenge.message}
                      </Typography.Paragraph>
                    ) : null}
                    <Input.TextArea
                      rows={2}
                      value={pasted}
                      onChange={(event) => setPasted(event.target.value.trim())}
                      placeholder={t('signer.tron.signaturePlaceholder')}
                      status={malformed ? 'error' : undefined}
                      style={MONO}
                      data-testid="tron-verify-signature"
                    />
                    {malformed ? (
                      <Typography.Text type="danger" role="alert">
                        {t('signer.tron.signatureFormat')}
                      </Typography.Text>
                    ) : null}
                    <Button
                      disabled={!pasted || malformed || !challenge}
                      loading={busy}
                      onClick={() => void verify(async () => pasted)}
                      data-testid="tron-verify-paste-submit"
                    >
                      {t('signer.verify.submitPasted')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      ) : null}
    </Modal>
  );
}
