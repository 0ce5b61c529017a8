import { hashMessage, hexToBytes, isHex } from 'viem';
import { FamilyError } from '../family';
import { recoverEvmSigner } from './ecdsa-recover';

const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * Who signed an EIP-191 personal_sign message. Refuses malformed and high-s signatures (a
 * high-s signature is a malleated copy of a valid one).
 */
export async function recoverPersonalSigner(message: string, signature: string): Promise<string> {
  if (!isHex(signature) || signature.length !== 132) throw new FamilyError('SIGNATURE_INVALID_ERROR');
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (s > SECP256K1_HALF_N) throw new FamilyError('SIGNATURE_INVALID_ERROR');
  const v = Number.parseInt(signature.slice(130), 16);
  const parity = v === 0 || v === 27 ? 0 : v === 1 || v === 28 ? 1 : null;
  if (parity === null) throw new FamilyError('SIGNATURE_INVALID_ERROR');
  const signer = recoverEvmSigner(hashMessage(message), hexToBytes(signature).subarray(0, 64), parity);
  if (!signer) throw new FamilyError('SIGNATURE_INVALID_ERROR');
  return signer;
}
