import {
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type TransactionSerialized,
} from 'viem';
import { ChainError } from '../errors';
import { normalizeEvmAddress } from './address';

/** What a signed EVM transaction commits to, read back from its bytes. */
export interface SignedEvmTransaction {
  hash: Hex;
  from: Address;
  to: Address | null;
  data: Hex;
  value: bigint;
  nonce: number;
  chainId: number | undefined;
  gas: bigint;
  /** EIP-1559 max fee, or the legacy gas price. */
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * Decodes a signed transaction and recovers its sender, so the server can check it is exactly
 * the call it expects before relaying it. Throws INVALID_ARGUMENT for anything unreadable.
 */
export async function decodeSignedTransaction(raw: string): Promise<SignedEvmTransaction> {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(raw))
    throw new ChainError('INVALID_ARGUMENT', 'raw transaction must be hex bytes');
  const serialized = raw.toLowerCase() as TransactionSerialized;
  let parsed;
  let from: Address;
  try {
    parsed = parseTransaction(serialized);
    if (parsed.r === undefined || parsed.s === undefined) throw new Error('unsigned');
    from = await recoverTransactionAddress({ serializedTransaction: serialized });
  } catch (error) {
    throw new ChainError('INVALID_ARGUMENT', 'not a signed transaction', { cause: error });
  }
  const maxFee = parsed.maxFeePerGas ?? parsed.gasPrice ?? 0n;
  return {
    hash: keccak256(serialized),
    from: normalizeEvmAddress(from),
    to: parsed.to ? normalizeEvmAddress(parsed.to) : null,
    data: parsed.data ?? '0x',
    value: parsed.value ?? 0n,
    nonce: parsed.nonce ?? 0,
    chainId: parsed.chainId,
    gas: parsed.gas ?? 0n,
    maxFeePerGas: maxFee,
    maxPriorityFeePerGas: parsed.maxPriorityFeePerGas ?? maxFee,
  };
}
