import type { DappCall } from '@keystead/contract/api/dapp';
import type { DappMessageRequest } from '../safe-host';

/**
 * What the Safe does with a Dapp's WalletConnect request (EIP-1193 methods as the Dapp's own
 * provider sends them). Pure: the panel wires it to the review, the server and the relay.
 */
export type WcAction =
  | { kind: 'send'; calls: DappCall[] }
  | { kind: 'sign'; message: DappMessageRequest }
  | { kind: 'read'; method: string; params: unknown[] }
  | { kind: 'receipt'; method: string; hash: string }
  | { kind: 'answer'; result: unknown }
  | { kind: 'refuse'; code: number; message: string };

/** Reads the server forwards to the wallet's node (the EVM adapter's list; POST /dapp/rpc refuses others). */
const READS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionCount',
]);

/** EIP-1193's "unsupported method" and "user rejected" codes. */
export const UNSUPPORTED = 4200;
export const USER_REJECTED = 4001;
/** JSON-RPC's invalid params. */
const INVALID_PARAMS = -32602;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;

/** The EIP-155 methods and events a Safe session offers a Dapp. */
export const SESSION_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  ...READS,
];
export const SESSION_EVENTS = ['chainChanged', 'accountsChanged'];

/** An eth_sendTransaction's call from the Safe, checked; a string says what is wrong. */
function callOf(tx: unknown, safe: string): DappCall | string {
  const { from, to, value, data, input } = (tx ?? {}) as Record<string, unknown>;
  if (typeof from === 'string' && from.toLowerCase() !== safe.toLowerCase())
    return `from ${from} is not this Safe (${safe})`;
  if (typeof to !== 'string' || !ADDRESS.test(to))
    return 'to must be an address (contract creation is not supported)';
  let wei: bigint;
  try {
    // Dapps send hex quantities ("0x0"); the server takes decimal wei.
    wei = value === undefined || value === null || value === '' ? 0n : BigInt(value as string);
  } catch {
    return 'value must be a quantity';
  }
  if (wei < 0n) return 'value must not be negative';
  const bytes = data ?? input ?? '0x';
  if (typeof bytes !== 'string' || !HEX_DATA.test(bytes)) return 'data must be hex bytes';
  return { to, value: wei.toString(), data: bytes };
}

/**
 * personal_sign [message, address]: hex is the bytes themselves (EIP-1193), anything else UTF-8
 * text; eth_signTypedData(_v4) [address, typed data as JSON text or object]. The address must be
 * this Safe. A string says what is wrong.
 */
function messageOf(method: string, args: unknown[], safe: string): DappMessageRequest | string {
  const personal = method === 'personal_sign';
  const address = personal ? args[1] : args[0];
  if (typeof address !== 'string' || address.toLowerCase() !== safe.toLowerCase())
    return `the address ${String(address)} is not this Safe (${safe})`;
  if (personal) {
    const message = args[0];
    if (typeof message !== 'string' || message === '') return 'a message is needed';
    return HEX_DATA.test(message) && message.length > 2
      ? { kind: 'personal', raw: message }
      : { kind: 'personal', text: message };
  }
  let typed: unknown = args[1];
  try {
    if (typeof typed === 'string') typed = JSON.parse(typed);
  } catch {
    return 'typed data must be JSON';
  }
  const { domain, types, primaryType, message } = (typed ?? {}) as Record<string, unknown>;
  if (typeof primaryType !== 'string' || !domain || !types || !message)
    return 'typed data needs domain, types, primaryType and message';
  return { kind: 'typed', typed_data: { domain, types, primaryType, message } };
}

/**
 * The action for one request of a session whose account is `safe` on `chainId`. Transactions
 * and messages become a Dapp task (reviewed first); reads go to the node; eth_sign (a bare hash,
 * unreadable to the owners) is not offered.
 */
export function wcActionOf(method: string, params: unknown, safe: string, chainId: number): WcAction {
  const args = Array.isArray(params) ? params : [];
  switch (method) {
    case 'eth_sendTransaction': {
      const call = callOf(args[0], safe);
      return typeof call === 'string'
        ? { kind: 'refuse', code: INVALID_PARAMS, message: call }
        : { kind: 'send', calls: [call] };
    }
    case 'personal_sign':
    case 'eth_signTypedData':
    case 'eth_signTypedData_v4': {
      const message = messageOf(method, args, safe);
      return typeof message === 'string'
        ? { kind: 'refuse', code: INVALID_PARAMS, message }
        : { kind: 'sign', message };
    }
    case 'eth_chainId':
      return { kind: 'answer', result: `0x${chainId.toString(16)}` };
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return { kind: 'answer', result: [safe] };
    case 'eth_getTransactionReceipt':
    case 'eth_getTransactionByHash': {
      const hash = args[0];
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
        return { kind: 'refuse', code: INVALID_PARAMS, message: 'a transaction hash is needed' };
      return { kind: 'receipt', method, hash: hash.toLowerCase() };
    }
    default:
      if (READS.has(method)) return { kind: 'read', method, params: args };
      return { kind: 'refuse', code: UNSUPPORTED, message: `${method} is not supported by this Safe yet` };
  }
}

/** The chains a session proposal names, required or optional (e.g. "eip155:1"). */
export function proposedChains(proposal: {
  requiredNamespaces?: Record<string, { chains?: string[] }>;
  optionalNamespaces?: Record<string, { chains?: string[] }>;
}): string[] {
  const chains = new Set<string>();
  for (const group of [proposal.requiredNamespaces, proposal.optionalNamespaces])
    for (const [key, namespace] of Object.entries(group ?? {}))
      (namespace.chains ?? (key.includes(':') ? [key] : [])).forEach((chain) => chains.add(chain));
  return [...chains];
}
