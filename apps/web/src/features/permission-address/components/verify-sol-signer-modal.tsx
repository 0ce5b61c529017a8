import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Collapse, Divider, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalOf, SignedTextPaste } from '@/components/ui/signed-text-paste';
import { LedgerAccountChooser } from '@/components/ui/ledger-account-chooser';
import { base58Encode, isSolanaSignature } from '@/lib/solana-address';
import { showWalletError, solanaWallet } from '@/lib/wallet-connectors';
import {
  challengeHashes,
  ledgerSolana,
  SOLANA_LEDGER_PATH,
} from '@/lib/wallet-connectors/ledger/ledger-solana';
import type { SignerAddress } from '../api/types';
import { SignerToVerify } from './signer-to-verify';
import { useChallengeProof } from './use-challenge-proof';

/** The hashes the Solana app may show for the challenge (null when it cannot be signed there). */
function useChallengeHashes(message: string | undefined, address: string | undefined) {
  return useMemo(() => {
    try {
      return message && address ? challengeHashes(message, address) : null;
    } catch {
      return null;
    }
  }, [message, address]);
}

/**
 * Verify a Solana address: the one-time challenge's UTF-8 bytes signed with ed25519 by the
 * address's key — in the browser wallet (Phantom-compatible `window.solana`: signMessage); as an
 * off-chain message on a Ledger's Solana app at a chosen path (WebHID; the signature verified in
 * the page); or elsewhere (Solflare, `solana sign-offchain-message`) and the signature pasted.
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
  const [ledgerPath, setLedgerPath] = useState(SOLANA_LEDGER_PATH);
  const onLedgerPath = useCallback((value: string) => setLedgerPath(value), []);
  const hashes = useChallengeHashes(challenge?.message, signer?.address);

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

  // Keystone signs a "message" request's bytes as they are: the challenge's UTF-8 bytes, which
  // the server accepts; the reply is checked against the address before it is sent.
  const verifyByQr = () =>
    verify(
      async () => {
        const { signSolByQr } = await import('@/lib/qr-signing/sol-qr-signer');
        const signature = await signSolByQr({
          signer: signer!.address,
          kind: 'message',
          data: new TextEncoder().encode(challenge!.message),
          titles: {
            accounts: t('signer.sol.qrAccountsTitle'),
            accountsHint: t('signer.sol.qrAccountsHint'),
            sign: t('signer.sol.qrTitle'),
          },
          details: [{ label: t('signer.sol.qrSigner'), value: signer!.address }],
        });
        return base58Encode(signature);
      },
      (error) => refusalOf(error, t('signer.sol.refused', { address: signer!.address })),
    );

  const ledgerBox = signer ? (
    <>
      <Divider plain orientation="left" style={{ fontSize: 13, margin: '4px 0' }}>
        {t('signer.sol.ledgerTitle')}
      </Divider>
      <LedgerAccountChooser app="sol" expected={[signer.address]} onChange={onLedgerPath} />
      {hashes ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
          {t('signer.sol.ledgerHint')}
          <Typography.Text
            code
            style={{ display: 'block', wordBreak: 'break-all' }}
            data-testid="sol-ledger-hash"
          >
            {t('signer.sol.ledgerHashNewer', { hash: hashes.newerApp })}
          </Typography.Text>
          <Typography.Text code style={{ display: 'block', wordBreak: 'break-all' }}>
            {t('signer.sol.ledgerHashOlder', { hash: hashes.olderApp })}
          </Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {ledgerSolana.available() ? (
        <Button
          disabled={!challenge || !hashes}
          loading={busy}
          onClick={() =>
            void verify(
              () => ledgerSolana.signChallenge(ledgerPath, challenge!.message, signer.address),
              (error) => refusalOf(error, t('signer.sol.refused', { address: signer.address })),
            )
          }
          data-testid="sol-verify-ledger"
        >
          {t('signer.sol.verifyLedger')}
        </Button>
      ) : null}
      <Divider plain orientation="left" style={{ fontSize: 13, margin: '4px 0' }}>
        {t('signer.sol.qrSection')}
      </Divider>
      <Button
        disabled={!challenge}
        loading={busy}
        onClick={() => void verifyByQr()}
        data-testid="sol-verify-qr"
      >
        {t('signer.sol.verifyQr')}
      </Button>
    </>
  ) : null;

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
              {ledgerBox}
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
              {ledgerBox}
              {pasteBox}
            </>
          )}
        </Space>
      ) : null}
    </Modal>
  );
}
