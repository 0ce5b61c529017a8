import { decodeFunctionData, erc20Abi, formatEther, getAddress, isHex, type Hex } from 'viem';
import type { EvmTaskInfo } from '@keystead/contract/api/transfer-replies';
// Relative: unit tests run without the app's @/ alias.
import { rawAsText } from '../../../lib/dapp-message';
import { messageHashesAgree } from '../../../lib/safe-message-check';
import { typedDataHashes } from '../../../lib/wallet-connectors/typed-data-hashes';
import type { TypedDataRequest } from '../../../lib/wallet-connectors/types';

/** What the phone shows before a signature, computed here from the typed data it will sign. */
export interface PhoneReview {
  /** token: an ERC-20 transfer; native: coins only; call: any other call (a Dapp's, the Safe's own settings…). */
  kind: 'token' | 'native' | 'call';
  /** The server's decoding of a call (erc20_approve, multi_send, self, contract_call), when it gave one. */
  callKind: string | null;
  chainId: number | null;
  safe: string | null;
  to: string | null;
  /** In units when known (the server's decimals), else the raw integer with `raw` set. */
  amount: string | null;
  symbol: string | null;
  raw: boolean;
  nonce: string | null;
  safeTxHash: Hex;
  domainHash: Hex;
  messageHash: Hex;
  /** Why the page will not sign: the hashes or the recipient differ from the server's review. */
  mismatch: 'hash' | 'recipient' | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

function toBigInt(value: unknown): bigint | null {
  try {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
      ? BigInt(value)
      : null;
  } catch {
    return null;
  }
}

interface DecodedCall {
  kind: PhoneReview['kind'];
  /** The recipient (token, native) or the called contract (call). */
  to: string | null;
  /** Token units (raw) for a token transfer, wei otherwise. */
  value: bigint | null;
}

/** The Safe transaction's call: an ERC-20 transfer's recipient and amount, coins only, or another call. */
function decodeCall(message: Record<string, unknown>): DecodedCall {
  const to = typeof message.to === 'string' ? message.to : null;
  const data = typeof message.data === 'string' ? (message.data as Hex) : '0x';
  const value = toBigInt(message.value);
  if (data === '0x') return { kind: 'native', to, value };
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName === 'transfer') {
      const [recipient, amount] = call.args;
      return { kind: 'token', to: getAddress(recipient), value: amount };
    }
  } catch {
    // not an ERC-20 call
  }
  return { kind: 'call', to, value };
}

/** Null when the task has no Safe transaction to sign (a Dapp's message: see reviewMessage), or it cannot be hashed. */
export function reviewTask(task: EvmTaskInfo): PhoneReview | null {
  const data = task.typed_data as unknown as TypedDataRequest | null;
  if (!data || data.primaryType !== 'SafeTx') return null;
  let hashes;
  try {
    hashes = typedDataHashes(data);
  } catch {
    return null;
  }
  const view = task.safe_tx;
  const call = decodeCall(data.message);
  const domain = data.domain;
  const chainId = domain.chainId !== undefined ? Number(domain.chainId) : (view?.chain_id ?? null);
  const safe =
    typeof domain.verifyingContract === 'string' ? domain.verifyingContract : (view?.safe_address ?? null);

  let amount: string | null = null;
  let symbol: string | null = null;
  let raw = false;
  if (call.kind === 'token') {
    amount = view?.amount ?? (view === null ? task.amount : null);
    symbol = view?.token_symbol ?? task.symbol;
    if (amount === null && call.value !== null) {
      amount = call.value.toString();
      raw = true;
    }
  } else if (call.value !== null && (call.kind === 'native' || call.value > 0n)) {
    // Coins sent (with a call, only when it sends any).
    amount = formatEther(call.value);
    symbol = view?.native_symbol ?? (call.kind === 'native' ? task.symbol : null);
  }

  const shownHashes = [
    [hashes.digest, view?.safe_tx_hash],
    [hashes.digest, task.safe_tx_hash],
    [hashes.domain, view?.domain_hash],
    [hashes.message, view?.message_hash],
  ] as const;
  const hashMismatch = shownHashes.some(([mine, theirs]) => !!theirs && !same(mine, theirs));
  const shownRecipient = view && call.kind !== 'call' ? (view.recipient ?? view.to) : null;
  const recipientMismatch = !!shownRecipient && !!call.to && !same(shownRecipient, call.to);
  return {
    kind: call.kind,
    callKind: view?.kind ?? null,
    chainId,
    safe,
    to: call.to,
    amount,
    symbol,
    raw,
    nonce:
      typeof data.message.nonce === 'string' || typeof data.message.nonce === 'number'
        ? String(data.message.nonce)
        : (view?.nonce ?? task.nonce),
    safeTxHash: hashes.digest,
    domainHash: hashes.domain,
    messageHash: hashes.message,
    mismatch: hashMismatch ? 'hash' : recipientMismatch ? 'recipient' : null,
  };
}

/** What the phone shows of a Dapp's message before its owner signs the SafeMessage of it. */
export interface PhoneMessageReview {
  /** The message as the Dapp's hash covers it: typed data, else raw bytes (and their text when printable), else text. */
  typed: { primaryType: string; domain: unknown; message: unknown } | null;
  raw: Hex | null;
  text: string | null;
  chainId: number | null;
  safe: string | null;
  /** The hash the Dapp checks with isValidSignature (the server's, agreed to below). */
  dappHash: string;
  /** Computed here from the SafeMessage typed data that will be signed. */
  safeMessageHash: Hex;
  domainHash: Hex;
  structHash: Hex;
  /** The typed data to sign is not the SafeMessage of exactly the message shown, for this Safe: not signing. */
  mismatch: boolean;
}

/** Typed data (JSON text) as shown: its primary type, domain and fields; null when unreadable. */
function readTyped(json: string | null): PhoneMessageReview['typed'] {
  try {
    const parsed = json ? (JSON.parse(json) as Record<string, unknown>) : null;
    return parsed && typeof parsed.primaryType === 'string'
      ? { primaryType: parsed.primaryType, domain: parsed.domain, message: parsed.message }
      : null;
  } catch {
    return null;
  }
}

/**
 * Null when the task is not a Dapp's message with typed data to sign. The message shown is the
 * part the Dapp's hash covers (messageHashOf's order: typed data, raw bytes, text), and signing is
 * withheld unless the typed data is the SafeMessage of exactly that message for this Safe.
 */
export function reviewMessage(task: EvmTaskInfo): PhoneMessageReview | null {
  const view = task.safe_message;
  const data = task.typed_data as unknown as TypedDataRequest | null;
  if (!view || !data) return null;
  const typed = view.kind === 'typed' ? readTyped(view.typed_data) : null;
  const raw = !typed && view.raw && isHex(view.raw) ? view.raw : null;
  let hashes;
  try {
    hashes = typedDataHashes(data);
  } catch {
    return null;
  }
  const domain = data.domain;
  return {
    typed,
    raw,
    text: typed ? null : raw ? rawAsText(raw) : view.text,
    chainId: domain.chainId !== undefined ? Number(domain.chainId) : null,
    safe: typeof domain.verifyingContract === 'string' ? domain.verifyingContract : null,
    dappHash: view.message_hash,
    safeMessageHash: hashes.digest,
    domainHash: hashes.domain,
    structHash: hashes.message,
    // Unreadable typed data hashes to nothing, so it cannot agree either.
    mismatch: !messageHashesAgree(data, view),
  };
}

/** The typed data as viem signs it (EIP712Domain is derived from the domain). */
export function signableTypedData(task: EvmTaskInfo) {
  const data = task.typed_data as unknown as TypedDataRequest;
  const { EIP712Domain: _domain, ...types } = data.types;
  return { domain: data.domain, types, primaryType: data.primaryType, message: data.message };
}
