import { useState } from 'react';
import { Alert, Button, Collapse, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalOf, SignedTextPaste } from '@/components/ui/signed-text-paste';
import { isSolanaSignature } from '@/lib/solana-address';
import { showWalletError, solanaWallet } from '@/lib/wallet-connectors';
import type { SignerAddress } from '../api/types';
import { SignerToVerify } from './signer-to-verify';
import { useChallengeProof } from './use-challenge-proof';

/**
 * Verify a Solana address: the one-time challenge's UTF-8 bytes signed with ed25519 by the
 * address's key — in the browser wallet (Phantom-compatible `window.solana`: signMessage), or
 * elsewhere (Solflare, `solana sign-offchain-message`-style tools) and the base58 signature pasted.
 */
export function VerifySolSignerModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const { challenge, challengeError, loadChallenge, pasted, paste, refusal, busy, verify } =
    useChallengeProof(signer, onClose);
  const [otherAccount, setOtherAccount] = useState<string | null>(null);
  const hasWallet = solanaWallet.available();

  const signWithWallet = async () => {
    if (!signer || !challenge) return;
    setOtherAccount(null);
    const account = await solanaWallet.connect().catch((error: unknown) => {
      void showWalletError(error);
      return null;
    });
    if (!account) return;
    // The wallet signs with the account it shows: another account's signature cannot prove this address.
    if (account !== signer.address) return setOtherAccount(account);
    await verify(
      () => solanaWallet.signMessage(challenge.message),
      (error) => refusalOf(error, t('signer.sol.refused', { address: signer.address })),
    );
  };

  const pasteBox = signer ? (
    <SignedTextPaste
      hint={t('signer.sol.pasteHint')}
      toSign={challenge ? { text: challenge.message, block: true, testId: 'sol-challenge' } : undefined}
      value={pasted}
      onChange={paste}
      placeholder={t('signer.sol.signaturePlaceholder')}
      problem={(value) => (isSolanaSignature(value) ? null : t('signer.sol.signatureFormat'))}
      refusal={refusal}
      submitText={t('signer.verify.submitPasted')}
      busy={busy}
      disabled={!challenge}
      onSubmit={(value) =>
        void verify(
          async () => value.trim(),
          (error) => refusalOf(error, t('signer.sol.refused', { address: signer.address })),
        )
      }
      testIds={{ input: 'sol-verify-signature', submit: 'sol-verify-paste-submit' }}
      rows={2}
    />
  ) : null;

  return (
    <Modal
      open={Boolean(signer)}
      title={t('signer.verify.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {signer ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="sol-verify">
          <SignerToVerify
            signer={signer}
            hint={t('signer.sol.verifyHint')}
            challengeError={challengeError}
            onRetry={loadChallenge}
          />
          {hasWallet ? (
            <>
              <Button
                type="primary"
                loading={busy}
                disabled={!challenge}
                onClick={() => void signWithWallet()}
                data-testid="sol-verify-wallet"
              >
                {t('signer.sol.signWithWallet')}
              </Button>
              {otherAccount ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="sol-verify-other-account"
                  message={t('signer.sol.otherAccount', { account: otherAccount, address: signer.address })}
                />
              ) : null}
              {refusal && !pasted ? (
                <Alert type="error" showIcon data-testid="sol-verify-refusal" message={refusal} />
              ) : null}
              <Collapse
                size="small"
                ghost
                items={[
                  {
                    key: 'paste',
                    label: <span data-testid="sol-verify-paste-open">{t('signer.sol.pasteTitle')}</span>,
                    children: pasteBox,
                  },
                ]}
              />
            </>
          ) : (
            <>
              <Typography.Text type="secondary">{t('signer.sol.noWallet')}</Typography.Text>
              {pasteBox}
            </>
          )}
        </Space>
      ) : null}
    </Modal>
  );
}
