import { getAddress, isAddress, isHex, recoverMessageAddress } from 'viem';
import { AppError } from '../../lib/app-error';

const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * Recovers who signed an EIP-191 personal_sign message. Refuses malformed and high-s
 * signatures (a high-s signature is a malleated copy of a valid one).
 */
export async function recoverPersonalSigner(message: string, signature: string): Promise<`0x${string}`> {
  if (!isHex(signature) || signature.length !== 132) throw new AppError('SIGNATURE_INVALID_ERROR');
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (s > SECP256K1_HALF_N) throw new AppError('SIGNATURE_INVALID_ERROR');
  try {
    return getAddress(await recoverMessageAddress({ message, signature }));
  } catch {
    throw new AppError('SIGNATURE_INVALID_ERROR');
  }
}

export function checksumEvmAddress(address: string): `0x${string}` {
  if (!isAddress(address, { strict: true })) throw new AppError('WALLET_ADDRESS_FORMAT_ERROR');
  return getAddress(address);
}
