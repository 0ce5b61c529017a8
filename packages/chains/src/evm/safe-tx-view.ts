import { decodeFunctionData, hashDomain, hashStruct, type Hex } from 'viem';
import { erc20Abi } from './abi';
import { normalizeEvmAddress } from './address';
import { decodeMultiSend, type BatchCall } from './multi-send';
import { normalizeSafeTx, safeTxHash, SAFE_TX_TYPES, type SafeTx } from './safe-tx';

/** What the call of a Safe transaction does, decoded from its bytes (never from the task row). */
export type SafeCallKind =
  'native' | 'erc20_transfer' | 'erc20_approve' | 'self' | 'contract_call' | 'multi_send';

/** One call inside a batch, decoded from the packed bytes. */
export interface BatchCallReview {
  kind: 'native' | 'erc20_transfer' | 'erc20_approve' | 'contract_call';
  to: string;
  token_contract: string | null;
  recipient: string | null;
  amount_raw: string | null;
}

/**
 * What an approver or signer reviews of a Safe transaction before acting: the decoded call, the
 * chain and Safe, and the three hashes a hardware wallet shows for EIP-712 — the domain hash
 * (hashDomain), the message hash (hashStruct of SafeTx) and safeTxHash = keccak256(0x1901 ‖
 * domain ‖ message). Amounts stay in base units (decimal strings).
 */
export interface SafeTxReview {
  chain_id: number;
  safe_address: string;
  safe_tx_hash: Hex;
  domain_hash: Hex;
  message_hash: Hex;
  operation: 'CALL' | 'DELEGATECALL';
  /** The SafeTx `to`: the recipient of a native transfer, the token contract of an ERC-20 one. */
  to: string;
  native_value: string;
  nonce: string;
  kind: SafeCallKind;
  /** ERC-20 transfer or approve: the token contract; null otherwise. */
  token_contract: string | null;
  /** Who receives the value (the native recipient or the ERC-20 transfer's `to`), or the approved spender. */
  recipient: string | null;
  /** Base units moved to `recipient` (the native value or the ERC-20 amount), or the allowance an approve sets. */
  amount_raw: string | null;
  data: Hex;
  /** multi_send: every call of the batch, in order. */
  calls?: BatchCallReview[];
}

/**
 * `multiSendCallOnly`: the chain's trusted MultiSendCallOnly; a DELEGATECALL to it reads as a
 * batch (any other DELEGATECALL stays an opaque contract call, which signers should refuse).
 */
export function safeTxReview(
  chainId: number,
  safe: string,
  input: SafeTx,
  multiSendCallOnly?: string,
): SafeTxReview {
  const tx = normalizeSafeTx(input);
  const safeAddress = normalizeEvmAddress(safe);
  const domain = { chainId: BigInt(chainId), verifyingContract: safeAddress };
  const domainHash = hashDomain({ domain, types: { EIP712Domain: SAFE_TX_TYPES.EIP712Domain } });
  const messageHash = hashStruct({
    data: tx,
    primaryType: 'SafeTx',
    types: { SafeTx: SAFE_TX_TYPES.SafeTx },
  });
  const base = {
    chain_id: chainId,
    safe_address: safeAddress,
    safe_tx_hash: safeTxHash(chainId, safeAddress, tx),
    domain_hash: domainHash,
    message_hash: messageHash,
    operation: tx.operation === 1 ? ('DELEGATECALL' as const) : ('CALL' as const),
    to: tx.to,
    native_value: tx.value.toString(),
    nonce: tx.nonce.toString(),
    data: tx.data,
  };
  if (tx.data === '0x') {
    if (tx.to === safeAddress && tx.value === 0n)
      return { ...base, kind: 'self', token_contract: null, recipient: null, amount_raw: null };
    return {
      ...base,
      kind: 'native',
      token_contract: null,
      recipient: tx.to,
      amount_raw: tx.value.toString(),
    };
  }
  const calls =
    tx.operation === 1 && multiSendCallOnly && tx.to === normalizeEvmAddress(multiSendCallOnly)
      ? decodeMultiSend(tx.data)
      : null;
  if (calls)
    return {
      ...base,
      kind: 'multi_send',
      token_contract: null,
      recipient: null,
      amount_raw: null,
      calls: calls.map(reviewCall),
    };
  const erc20 = decodeErc20Call(tx.data);
  if (erc20 && tx.operation === 0)
    return {
      ...base,
      kind: erc20.fn === 'approve' ? 'erc20_approve' : 'erc20_transfer',
      token_contract: tx.to,
      recipient: erc20.to,
      amount_raw: erc20.amount.toString(),
    };
  return { ...base, kind: 'contract_call', token_contract: null, recipient: null, amount_raw: null };
}

/** One call of a batch (or a Dapp request) as a signer reviews it, decoded from its bytes. */
export function reviewCall(call: BatchCall): BatchCallReview {
  if (call.data === '0x')
    return {
      kind: 'native',
      to: call.to,
      token_contract: null,
      recipient: call.to,
      amount_raw: call.value.toString(),
    };
  const erc20 = call.value === 0n ? decodeErc20Call(call.data) : null;
  if (erc20)
    return {
      kind: erc20.fn === 'approve' ? 'erc20_approve' : 'erc20_transfer',
      to: call.to,
      token_contract: call.to,
      recipient: erc20.to,
      amount_raw: erc20.amount.toString(),
    };
  return { kind: 'contract_call', to: call.to, token_contract: null, recipient: null, amount_raw: null };
}

/** An ERC-20 transfer(to, amount) or approve(spender, amount): the address and amount it names. */
function decodeErc20Call(data: Hex): { fn: 'transfer' | 'approve'; to: string; amount: bigint } | null {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName !== 'transfer' && call.functionName !== 'approve') return null;
    const [to, amount] = call.args as readonly [string, bigint];
    return { fn: call.functionName, to: normalizeEvmAddress(to), amount };
  } catch {
    return null;
  }
}
