import { Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalOf, SignedTextPaste } from '@/components/ui/signed-text-paste';
import { isKeyOfAddress } from '@/lib/xrp-address';
import type { SignerAddress } from '../api/types';
import { SignerToVerify } from './signer-to-verify';
import { useChallengeProof } from './use-challenge-proof';

/** "<public key>:<signature>" (33-byte key: 02/03… secp256k1, ED… ed25519), or {"public_key", "signature"}. */
const PROOF = /^(0[23]|ED)[0-9A-F]{64}:[0-9A-F]+$/i;

/** The public key of a pasted proof; null when the paste is in neither format. */
function proofKey(value: string): string | null {
  if (PROOF.test(value)) return value.split(':')[0]!;
  try {
    const json = JSON.parse(value) as { public_key?: unknown };
    return typeof json.public_key === 'string' ? json.public_key : null;
  } catch {
    return null;
  }
}

/**
 * Verify an XRP Ledger address: no browser wallet signs for it here, so its key's holder signs the
 * one-time challenge (its UTF-8 bytes, as ripple-keypairs' sign() does) in their own wallet or tool
 * and pastes the public key with the signature. The server derives the address from the key.
 */
export function VerifyXrpSignerModal({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const { challenge, challengeError, loadChallenge, pasted, paste, refusal, busy, verify } =
    useChallengeProof(signer, onClose);

  return (
    <Modal
      open={Boolean(signer)}
      title={t('signer.verify.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {signer ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="xrp-verify">
          <SignerToVerify
            signer={signer}
            hint={t('signer.xrp.verifyHint')}
            challengeError={challengeError}
            onRetry={loadChallenge}
          />
          <SignedTextPaste
            hint={t('signer.xrp.signThis')}
            toSign={challenge ? { text: challenge.message, block: true, testId: 'xrp-challenge' } : undefined}
            value={pasted}
            onChange={paste}
            placeholder={t('signer.xrp.signaturePlaceholder')}
            problem={(value) => {
              const key = proofKey(value);
              if (key === null) return t('signer.xrp.signatureFormat');
              return isKeyOfAddress(key, signer.address)
                ? null
                : t('signer.xrp.otherKey', { address: signer.address });
            }}
            refusal={refusal}
            submitText={t('signer.verify.submitPasted')}
            busy={busy}
            disabled={!challenge}
            onSubmit={(value) =>
              // The server's refusal is said next to the paste, a key mismatch in this dialog's words.
              void verify(
                async () => value,
                (error) => refusalOf(error, t('signer.xrp.refused', { address: signer.address })),
              )
            }
            testIds={{ input: 'xrp-verify-signature', submit: 'xrp-verify-submit' }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('signer.xrp.formats')}
          </Typography.Text>
        </Space>
      ) : null}
    </Modal>
  );
}
