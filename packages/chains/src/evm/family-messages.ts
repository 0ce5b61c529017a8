import type { Hex } from 'viem';
import { isChainError } from '../errors';
import {
  FamilyError,
  type FamilyWallet,
  type MessageOps,
  type PreparedTransfer,
  type StoredTransfer,
  type VerifiedSignature,
} from '../family';
import type { EvmAdapter } from './adapter';
import type { SafeState } from './safe-ops';
import type { SafeSignature, SafeSignatureKind } from './safe-signatures';
import {
  isSafeMessagePayload,
  safeMessageHash,
  safeMessageOfPayload,
  safeMessagePayload,
  safeMessageReview,
  type SafeMessagePayload,
  type SafeMessageRequest,
} from './safe-message';
import { safeMessageTypedData } from './safe-tx';

/** The lifecycle's verified signatures as the Safe encodes them. */
export const toSafeSignatures = (signatures: VerifiedSignature[]): SafeSignature[] =>
  signatures.map((s) => ({
    signer: s.signerKey as Hex,
    kind: s.kind as SafeSignatureKind,
    signature: s.proof as Hex,
  }));

/**
 * Safe messages (EIP-1271): each owner signs the EIP-712 SafeMessage over the message's hash for
 * this Safe; at the threshold the owners' signatures, sorted and joined, are the Safe's signature,
 * which its CompatibilityFallbackHandler accepts in isValidSignature(bytes32, bytes) (the tests
 * ask the Safe itself). The one lifecycle reaches these through the family's signingView,
 * reviewView, verifySubmission and currentThreshold.
 */
export function evmSafeMessages(chain: EvmAdapter) {
  const { chainId } = chain;
  const messageOf = (stored: StoredTransfer) => safeMessageOfPayload(stored.payload);
  const hashOf = (wallet: FamilyWallet, message: SafeMessagePayload) =>
    safeMessageHash(chainId, wallet.address, message.message_hash);

  const ops: MessageOps = {
    prepare(wallet, request, state): PreparedTransfer {
      const safe = (state as { safe: SafeState | null }).safe;
      if (!safe) throw new FamilyError('WALLET_STATUS_ERROR');
      // Without the fallback handler the Safe cannot answer isValidSignature: no Dapp could check it.
      if (safe.fallbackHandler.toLowerCase() !== chain.contracts.compatibilityFallbackHandler.toLowerCase())
        throw new FamilyError('DAPP_WALLET_UNSUPPORTED_ERROR');
      const payload = safeMessagePayload(request as SafeMessageRequest);
      return {
        payload: JSON.stringify(payload),
        payloadHash: hashOf(wallet, payload),
        sequence: null,
        signingThreshold: safe.threshold,
        amount: 0n,
        inputs: [],
        usedChangeIndex: false,
        fee: { total: null, rate: null, vsize: null },
        details: {},
      };
    },
    // Cheap: the sign step asks before verifying; the message is read (and its hash recomputed) once there.
    isMessage: (stored) => isSafeMessagePayload(stored.payload),
    signature: (_stored, signatures) => chain.encodeSafeSignatures(toSafeSignatures(signatures)),
  };

  return {
    ops,
    messageOf,
    signingView: (wallet: FamilyWallet, message: SafeMessagePayload) => ({
      typed_data: safeMessageTypedData(chainId, wallet.address, message.message_hash),
    }),
    reviewView: (wallet: FamilyWallet, message: SafeMessagePayload) => ({
      safe_message: safeMessageReview(chainId, wallet.address, message),
    }),
    /** An owner's EOA signature of the SafeMessage hash (typed data, or eth_sign of it). */
    async verify(
      wallet: FamilyWallet,
      stored: StoredTransfer,
      message: SafeMessagePayload,
      submission: { signature?: string | undefined; kind?: string | undefined },
    ): Promise<VerifiedSignature[]> {
      const hash = hashOf(wallet, message);
      if (hash !== stored.payloadHash) throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      if (!submission.signature) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      const kind = submission.kind ?? 'eip712';
      if (kind !== 'eip712' && kind !== 'eth_sign') throw new FamilyError('SIGNATURE_INVALID_ERROR');
      try {
        const signed = await chain.verifySafeSignature({
          safe: wallet.address,
          hash,
          signature: submission.signature,
          kind,
        });
        return [
          {
            signerKey: signed.signer,
            kind: signed.kind,
            proof: signed.signature,
            audit: { signer: signed.signer, kind: signed.kind },
          },
        ];
      } catch (error) {
        if (isChainError(error)) throw new FamilyError('SIGNATURE_INVALID_ERROR');
        throw error;
      }
    },
  };
}
