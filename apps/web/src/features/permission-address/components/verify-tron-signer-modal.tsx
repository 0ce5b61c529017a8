import { useCallback, useState } from 'react';
import { Button, Collapse, Divider, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SignedTextPaste } from '@/components/ui/signed-text-paste';
import { TronLinkConnect } from '@/features/wallet';
import { LedgerAccountChooser } from '@/components/ui/ledger-account-chooser';
import { tronLink } from '@/lib/wallet-connectors';
import { ledgerTron, TRON_LEDGER_PATH } from '@/lib/wallet-connectors/ledger/ledger-tron';
import type { SignerAddress } from '../api/types';
import { SignerToVerify } from './signer-to-verify';
import { useChallengeProof } from './use-challenge-proof';

/** 65-byte r‖s‖v, hex, as signMessageV2 returns it (with or without 0x). */
const SIGNATURE = /^(0x)?[0-9a-fA-F]{130}$/;

/**
 * Verify a Tron address: the one-time challenge signed with TIP-191 by the account, in TronLink
 * (signMessageV2), or on a Ledger's Tron app at a chosen path (WebHID; the signature recovered
 * and compared with the address in the page), or signed elsewhere and pasted.
 */
export function VerifyTronSignerModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  // TronLink's refusals and the server's are toasted.
  const { challenge, challengeError, loadChallenge, pasted, paste, busy, verify } = useChallengeProof(
    signer,
    onClose,
  );
  const [account, setAccount] = useState<string | null>(null);
  const onAccount = useCallback((value: string | null) => setAccount(value), []);
  const [ledgerPath, setLedgerPath] = useState(TRON_LEDGER_PATH);
  const onLedgerPath = useCallback((value: string) => setLedgerPath(value), []);

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
          <SignerToVerify
            signer={signer}
            hint={t('signer.tron.verifyHint')}
            challengeError={challengeError}
            onRetry={loadChallenge}
          />
          <TronLinkConnect expected={[signer.address]} onChange={onAccount} />
          <Divider plain orientation="left" style={{ fontSize: 13, margin: '4px 0' }}>
            {t('signer.tron.ledgerTitle')}
          </Divider>
          <LedgerAccountChooser app="tron" expected={[signer.address]} onChange={onLedgerPath} />
          {ledgerTron.available() ? (
            <Button
              disabled={!challenge}
              loading={busy}
              onClick={() =>
                void verify(() => ledgerTron.signChallenge(ledgerPath, challenge!.message, signer.address))
              }
              data-testid="tron-verify-ledger"
            >
              {t('signer.tron.verifyLedger')}
            </Button>
          ) : null}
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'paste',
                label: <span data-testid="tron-verify-paste-open">{t('signer.tron.pasteTitle')}</span>,
                children: (
                  <SignedTextPaste
                    hint={t('signer.tron.pasteHint')}
                    toSign={
                      challenge
                        ? { text: challenge.message, block: true, testId: 'tron-challenge' }
                        : undefined
                    }
                    value={pasted}
                    onChange={paste}
                    placeholder={t('signer.tron.signaturePlaceholder')}
                    problem={(value) => (SIGNATURE.test(value) ? null : t('signer.tron.signatureFormat'))}
                    submitText={t('signer.verify.submitPasted')}
                    busy={busy}
                    disabled={!challenge}
                    onSubmit={(value) => void verify(async () => value)}
                    testIds={{ input: 'tron-verify-signature', submit: 'tron-verify-paste-submit' }}
                    rows={2}
                  />
                ),
              },
            ]}
          />
        </Space>
      ) : null}
    </Modal>
  );
}
