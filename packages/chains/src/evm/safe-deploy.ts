import {
  concat,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  keccak256,
  pad,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import { safeAbi, safeProxyFactoryAbi } from './abi';
import { normalizeEvmAddress } from './address';

export interface SafeSetupParams {
  owners: string[];
  threshold: number;
  /** Any uint256; with the same owners/threshold a different salt gives a different address. */
  saltNonce: bigint;
}

/** Safe v1.4.1 caps nothing, but a custody product needs a sane bound (and BTC allows 16). */
export const MAX_SAFE_OWNERS = 50;
const SENTINEL = '0x0000000000000000000000000000000000000001';

/** Checksummed owners in the given order; rejects duplicates, zero/sentinel and a bad threshold. */
export function validateSafeSetup(params: SafeSetupParams): {
  owners: Address[];
  threshold: number;
  saltNonce: bigint;
} {
  const owners = params.owners.map((owner) => normalizeEvmAddress(owner));
  if (owners.length === 0 || owners.length > MAX_SAFE_OWNERS) {
    throw new ChainError('INVALID_ARGUMENT', `a Safe needs 1..${MAX_SAFE_OWNERS} owners`);
  }
  const seen = new Set<string>();
  for (const owner of owners) {
    if (owner === zeroAddress || owner.toLowerCase() === SENTINEL)
      throw new ChainError('INVALID_ARGUMENT', 'owner 0x0 / 0x1 is not allowed');
    if (seen.has(owner)) throw new ChainError('INVALID_ARGUMENT', `duplicate owner ${owner}`);
    seen.add(owner);
  }
  if (!Number.isInteger(params.threshold) || params.threshold < 1 || params.threshold > owners.length) {
    throw new ChainError('INVALID_ARGUMENT', `threshold must be 1..${owners.length}`);
  }
  if (typeof params.saltNonce !== 'bigint' || params.saltNonce < 0n || params.saltNonce >= 2n ** 256n) {
    throw new ChainError('INVALID_ARGUMENT', 'saltNonce must be a uint256 bigint');
  }
  return { owners, threshold: params.threshold, saltNonce: params.saltNonce };
}

/** Safe.setup(owners, threshold, 0x0, 0x, fallbackHandler, 0x0, 0, 0x0). */
export function encodeSafeSetup(owners: Address[], threshold: number, fallbackHandler: Address): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [owners, BigInt(threshold), zeroAddress, '0x', fallbackHandler, zeroAddress, 0n, zeroAddress],
  });
}

/**
 * CREATE2 address of SafeProxyFactory.createProxyWithNonce(singleton, initializer, saltNonce):
 * salt = keccak256(keccak256(initializer) ‖ saltNonce), init code = proxyCreationCode ‖ uint256(singleton).
 */
export function computeSafeAddress(params: {
  factory: Address;
  singleton: Address;
  initializer: Hex;
  saltNonce: bigint;
  proxyCreationCode: Hex;
}): Address {
  const salt = keccak256(
    encodePacked(['bytes32', 'uint256'], [keccak256(params.initializer), params.saltNonce]),
  );
  const bytecode = concat([params.proxyCreationCode, pad(params.singleton, { size: 32 })]);
  return getContractAddress({ opcode: 'CREATE2', from: params.factory, salt, bytecode });
}

/** Calldata of createProxyWithNonce. */
export function encodeCreateProxy(singleton: Address, initializer: Hex, saltNonce: bigint): Hex {
  return encodeFunctionData({
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [singleton, initializer, saltNonce],
  });
}
