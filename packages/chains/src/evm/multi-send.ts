import {
  concatHex,
  decodeFunctionData,
  encodeFunctionData,
  encodePacked,
  hexToBigInt,
  size,
  sliceHex,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import type { TokenRef } from '../types';
import { erc20Abi } from './abi';
import { normalizeEvmAddress } from './address';

/** Safe's MultiSendCallOnly: one delegatecall from the Safe runs every packed call in order. */
export const multiSendAbi = [
  {
    type: 'function',
    name: 'multiSend',
    stateMutability: 'payable',
    inputs: [{ name: 'transactions', type: 'bytes' }],
    outputs: [],
  },
] as const;

export interface BatchCall {
  to: string;
  value: bigint;
  data: Hex;
}

/** One recipient of a batch: native coin as `value`, or an ERC-20 `transfer(to, amount)`. */
export function batchCall(token: TokenRef, to: string, amount: bigint): BatchCall {
  if (amount <= 0n) throw new ChainError('INVALID_ARGUMENT', 'amount must be positive');
  const recipient = normalizeEvmAddress(to);
  if (token.contract === null) return { to: recipient, value: amount, data: '0x' };
  return {
    to: normalizeEvmAddress(token.contract),
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
  };
}

/**
 * `multiSend(bytes)` calldata: each call packed as operation (uint8, always 0 = CALL: the
 * CallOnly contract refuses delegatecalls), to (address), value, data length (uint256) and data.
 */
export function encodeMultiSend(calls: readonly BatchCall[]): Hex {
  if (calls.length === 0) throw new ChainError('INVALID_ARGUMENT', 'a batch needs at least one call');
  const packed = concatHex(
    calls.map((call) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [0, normalizeEvmAddress(call.to), call.value, BigInt(size(call.data)), call.data],
      ),
    ),
  );
  return encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] });
}

/** The calls packed in `multiSend(bytes)` calldata, read back from the bytes; null if it is not one. */
export function decodeMultiSend(data: Hex): (BatchCall & { operation: number })[] | null {
  let packed: Hex;
  try {
    const call = decodeFunctionData({ abi: multiSendAbi, data });
    packed = call.args[0];
  } catch {
    return null;
  }
  const calls: (BatchCall & { operation: number })[] = [];
  const total = size(packed);
  let at = 0;
  while (at < total) {
    if (at + 85 > total) return null;
    const operation = Number(hexToBigInt(sliceHex(packed, at, at + 1)));
    const to = normalizeEvmAddress(sliceHex(packed, at + 1, at + 21));
    const value = hexToBigInt(sliceHex(packed, at + 21, at + 53));
    const length = Number(hexToBigInt(sliceHex(packed, at + 53, at + 85)));
    if (at + 85 + length > total) return null;
    const callData = length === 0 ? '0x' : sliceHex(packed, at + 85, at + 85 + length);
    calls.push({ operation, to, value, data: callData });
    at += 85 + length;
  }
  return calls;
}
