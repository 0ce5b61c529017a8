import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  hashTypedData,
  keccak256,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import type { TokenRef } from '../types';
import { erc20Abi, safeAbi } from './abi';
import { normalizeEvmAddress } from './address';
import { batchCall, encodeMultiSend, type BatchCall } from './multi-send';

/** One Safe transaction (the struct the owners sign). Amounts in wei / token base units. */
export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  /** 0 = CALL, 1 = DELEGATECALL. */
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

/** EIP-712 types of Safe v1.3.0+ (v1.4.1 included): the domain has no name/version. */
export const SAFE_TX_TYPES = {
  EIP712Domain: [
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/** keccak256("SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)") */
export const SAFE_TX_TYPEHASH = '0xbb8310d486368db6bd6f849402fdd73ad53d316b5a4b2644ad6efe0f941286d8';
/** keccak256("EIP712Domain(uint256 chainId,address verifyingContract)") */
export const SAFE_DOMAIN_TYPEHASH = '0x47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218';
/** keccak256("SafeMessage(bytes message)") — what a Safe's own owners sign for EIP-1271. */
export const SAFE_MESSAGE_TYPEHASH = '0x60b3cbf8b4a223d68d641b3b6ddf9a298e7f33710cf3d3a9d1146b5a6150fbca';

/** The JSON payload of eth_signTypedData_v4 (numbers as decimal strings, EIP712Domain included). */
export interface SafeTxTypedData {
  domain: { chainId: number; verifyingContract: Address };
  types: typeof SAFE_TX_TYPES;
  primaryType: 'SafeTx';
  message: {
    to: Address;
    value: string;
    data: Hex;
    operation: number;
    safeTxGas: string;
    baseGas: string;
    gasPrice: string;
    gasToken: Address;
    refundReceiver: Address;
    nonce: string;
  };
}

const U256_MAX = 2n ** 256n - 1n;

function checkUint(name: string, value: bigint): void {
  if (typeof value !== 'bigint' || value < 0n || value > U256_MAX) {
    throw new ChainError('INVALID_ARGUMENT', `${name} must be a uint256 bigint`);
  }
}

/** Validates and normalises a SafeTx (checksummed addresses, lower-case data). */
export function normalizeSafeTx(tx: SafeTx): SafeTx {
  if (tx.operation !== 0 && tx.operation !== 1)
    throw new ChainError('INVALID_ARGUMENT', 'operation must be 0 or 1');
  if (typeof tx.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(tx.data)) {
    throw new ChainError('INVALID_ARGUMENT', 'data must be 0x-prefixed hex bytes');
  }
  for (const key of ['value', 'safeTxGas', 'baseGas', 'gasPrice', 'nonce'] as const) checkUint(key, tx[key]);
  return {
    to: normalizeEvmAddress(tx.to),
    value: tx.value,
    data: tx.data.toLowerCase() as Hex,
    operation: tx.operation,
    safeTxGas: tx.safeTxGas,
    baseGas: tx.baseGas,
    gasPrice: tx.gasPrice,
    gasToken: normalizeEvmAddress(tx.gasToken),
    refundReceiver: normalizeEvmAddress(tx.refundReceiver),
    nonce: tx.nonce,
  };
}

const plainTx = (fields: Pick<SafeTx, 'to' | 'value' | 'data' | 'nonce'>): SafeTx =>
  normalizeSafeTx({
    ...fields,
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
  });

/**
 * A transfer out of a Safe: native coin as `value` to the recipient, or an ERC-20
 * `transfer(to, amount)` call on the token contract. No gas refund (gasPrice 0): the
 * broadcaster pays the gas, and with safeTxGas 0 a failing inner call reverts the whole
 * execTransaction (so a failed transfer never burns the nonce).
 */
export function buildTransfer(params: {
  token: TokenRef;
  to: string;
  amount: bigint;
  nonce: bigint;
}): SafeTx {
  const { token, amount, nonce } = params;
  const to = normalizeEvmAddress(params.to);
  if (typeof amount !== 'bigint' || amount <= 0n)
    throw new ChainError('INVALID_ARGUMENT', 'amount must be a positive bigint');
  if (token.contract === null) return plainTx({ to, value: amount, data: '0x', nonce });
  return plainTx({
    to: normalizeEvmAddress(token.contract),
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    nonce,
  });
}

/**
 * A batch out of a Safe: one DELEGATECALL to MultiSendCallOnly carrying every recipient's call
 * (native and ERC-20 mixed). MultiSend reverts as a whole when one call fails, and with
 * safeTxGas 0 so does execTransaction: every recipient is paid, or none and the nonce is kept.
 */
export function buildBatchTransfer(params: {
  multiSendCallOnly: string;
  recipients: { token: TokenRef; to: string; amount: bigint }[];
  nonce: bigint;
}): SafeTx {
  const calls = params.recipients.map((r) => batchCall(r.token, r.to, r.amount));
  return normalizeSafeTx({
    to: normalizeEvmAddress(params.multiSendCallOnly),
    value: 0n,
    data: encodeMultiSend(calls),
    operation: 1,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: params.nonce,
  });
}

/** A plain CALL from the Safe to a contract, carrying no value (e.g. a token's approve). */
export function buildContractCall(params: { to: string; data: Hex; nonce: bigint }): SafeTx {
  return plainTx({ to: normalizeEvmAddress(params.to), value: 0n, data: params.data, nonce: params.nonce });
}

/**
 * What a Dapp asks the Safe to do: one call as a plain CALL (with its value), several as one
 * DELEGATECALL to MultiSendCallOnly (all run, or none and the nonce is kept).
 */
export function buildCallsTx(params: {
  multiSendCallOnly: string;
  calls: readonly BatchCall[];
  nonce: bigint;
}): SafeTx {
  const { calls, nonce } = params;
  if (calls.length === 1) {
    const [call] = calls;
    return plainTx({ to: normalizeEvmAddress(call!.to), value: call!.value, data: call!.data, nonce });
  }
  return normalizeSafeTx({
    ...plainTx({
      to: normalizeEvmAddress(params.multiSendCallOnly),
      value: 0n,
      data: encodeMultiSend(calls),
      nonce,
    }),
    operation: 1,
  });
}

/** The cancel-a-nonce transaction: a zero-value call from the Safe to itself at `nonce`. */
export function buildRejection(safe: string, nonce: bigint): SafeTx {
  return plainTx({ to: normalizeEvmAddress(safe), value: 0n, data: '0x', nonce });
}

/** EIP-712 struct hash of the SafeTx (the inner part of safeTxHash). */
export function safeTxStructHash(tx: SafeTx): Hex {
  const t = normalizeSafeTx(tx);
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'bytes32' },
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint8' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'address' },
        { type: 'uint256' },
      ],
      [
        SAFE_TX_TYPEHASH,
        t.to,
        t.value,
        keccak256(t.data),
        t.operation,
        t.safeTxGas,
        t.baseGas,
        t.gasPrice,
        t.gasToken,
        t.refundReceiver,
        t.nonce,
      ],
    ),
  );
}

/** The Safe's EIP-712 domain separator for (chainId, safe). */
export function safeDomainSeparator(chainId: number, safe: string): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
      [SAFE_DOMAIN_TYPEHASH, BigInt(chainId), normalizeEvmAddress(safe)],
    ),
  );
}

/**
 * The 66-byte preimage 0x19 0x01 ‖ domainSeparator ‖ structHash (Safe's encodeTransactionData).
 * Safe v1.4.1 hands exactly these bytes to a contract owner's isValidSignature(bytes,bytes).
 */
export function safeTxPreimage(chainId: number, safe: string, tx: SafeTx): Hex {
  return concat(['0x1901', safeDomainSeparator(chainId, safe), safeTxStructHash(tx)]);
}

/** safeTxHash: what every owner signs; equals the Safe's getTransactionHash(...). */
export function safeTxHash(chainId: number, safe: string, tx: SafeTx): Hex {
  return keccak256(safeTxPreimage(chainId, safe, tx));
}

/** The eth_signTypedData_v4 payload for a browser wallet (JSON-safe). */
export function safeTxTypedData(chainId: number, safe: string, tx: SafeTx): SafeTxTypedData {
  const t = normalizeSafeTx(tx);
  return {
    domain: { chainId, verifyingContract: normalizeEvmAddress(safe) },
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: {
      to: t.to,
      value: t.value.toString(),
      data: t.data,
      operation: t.operation,
      safeTxGas: t.safeTxGas.toString(),
      baseGas: t.baseGas.toString(),
      gasPrice: t.gasPrice.toString(),
      gasToken: t.gasToken,
      refundReceiver: t.refundReceiver,
      nonce: t.nonce.toString(),
    },
  };
}

/** The SafeTx a typed-data payload describes (e.g. one that came back from a client). */
export function safeTxFromTypedData(typed: SafeTxTypedData): SafeTx {
  const m = typed.message;
  return normalizeSafeTx({
    to: m.to,
    value: BigInt(m.value),
    data: m.data,
    operation: m.operation as 0 | 1,
    safeTxGas: BigInt(m.safeTxGas),
    baseGas: BigInt(m.baseGas),
    gasPrice: BigInt(m.gasPrice),
    gasToken: m.gasToken,
    refundReceiver: m.refundReceiver,
    nonce: BigInt(m.nonce),
  });
}

/** The same hash computed by viem's generic EIP-712 hasher (used as a cross-check in tests). */
export function safeTxHashViaViem(chainId: number, safe: string, tx: SafeTx): Hex {
  const t = normalizeSafeTx(tx);
  return hashTypedData({
    domain: { chainId, verifyingContract: normalizeEvmAddress(safe) },
    types: { SafeTx: SAFE_TX_TYPES.SafeTx },
    primaryType: 'SafeTx',
    message: t,
  });
}

/**
 * EIP-712 payload a Safe that is itself an owner has its own owners sign, so that it can sign
 * for a parent Safe v1.4.1 (SafeMessage over the parent's 66-byte SafeTx preimage; the
 * CompatibilityFallbackHandler of the owner Safe checks it).
 */
export function safeMessageTypedData(chainId: number, ownerSafe: string, message: Hex) {
  return {
    domain: { chainId, verifyingContract: normalizeEvmAddress(ownerSafe) },
    types: {
      EIP712Domain: SAFE_TX_TYPES.EIP712Domain,
      SafeMessage: [{ name: 'message', type: 'bytes' }],
    },
    primaryType: 'SafeMessage' as const,
    message: { message },
  };
}

/** Calldata of execTransaction for the broadcaster's wallet (to = the Safe, value 0). */
export function encodeExecTransaction(tx: SafeTx, signatures: Hex): Hex {
  const t = normalizeSafeTx(tx);
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      t.to,
      t.value,
      t.data,
      t.operation,
      t.safeTxGas,
      t.baseGas,
      t.gasPrice,
      t.gasToken,
      t.refundReceiver,
      signatures,
    ],
  });
}
