import { getAddress, isHex, recoverMessageAddress } from 'viem';
import { FamilyError } from '../family';

const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * Who signed an EIP-191 personal_sign message. Refuses malformed and high-s signatures (a
 * high-s signature is a malleated copy of a valid one).
 */
export async function recoverPersonalSigner(message: string, signature: string): Promise<string> {
  if (!isHex(signature) || signature.length !== 132) throw new FamilyError('SIGNATURE_INVALID_ERROR');
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (s > SECP256K1_HALF_N) throw new FamilyError('SIGNATURE_INVALID_ERROR');
  try {
    return getAddress(await recoverMessageAddress({ message, signature }));
  } catch {
    throw new FamilyError('SIGNATURE_INVALID_ERROR');
  }
}
