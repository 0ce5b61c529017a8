import { getAddress, isAddress } from 'viem';
import { AppError } from '../../lib/app-error';

export function checksumEvmAddress(address: string): `0x${string}` {
  if (!isAddress(address, { strict: true })) throw new AppError('WALLET_ADDRESS_FORMAT_ERROR');
  return getAddress(address);
}
