import {
  MessageFormatter,
  Methods,
  TransactionStatus,
  getSDKVersion,
  type BaseTransaction,
  type ChainInfo,
  type GatewayTransactionDetails,
  type Response,
  type SafeBalances,
  TokenType,
  type SDKRequestData,
} from '@safe-global/safe-apps-sdk';
import { parseUnits, zeroAddress } from 'viem';
import { TaskStatus } from '@keystead/contract/states';

/**
 * The host side of the Safe Apps SDK message protocol (the SDK's communication/ module): a Safe
 * App posts {id, method, params, env} to its parent; the host answers {id, success, data | error,
 * version} to the app's window, at the app's origin. Pure functions; the page wires them.
 */

/** The version the host answers with: the SDK refuses replies whose major version is below 1. */
const HOST_VERSION = getSDKVersion();

export { Methods };
export type SafeAppRequest = SDKRequestData;

/** A message shaped as an SDK request (other frames and extensions post other things). */
export function isSafeAppRequest(data: unknown): data is SafeAppRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { id, method, env } = data as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof method === 'string' &&
    typeof env === 'object' &&
    env !== null &&
    typeof (env as Record<string, unknown>).sdkVersion === 'string'
  );
}

export const replyOk = (id: string, data: unknown): Response =>
  MessageFormatter.makeResponse(id, data as never, HOST_VERSION);

export const replyError = (id: string, error: string): Response =>
  MessageFormatter.makeErrorResponse(id, error, HOST_VERSION);

/** The Dapp URL a user may open: https anywhere, http only on this machine. Returns its URL or null. */
export function dappUrl(input: string): URL | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1')) return url;
  return null;
}

/** The calls of a sendTransactions request, checked: each {to, value, data} as the server takes them. */
export function callsOf(params: unknown): Array<{ to: string; value: string; data: string }> | null {
  const txs = (params as { txs?: unknown } | null)?.txs;
  if (!Array.isArray(txs) || txs.length === 0) return null;
  const calls = [];
  for (const tx of txs as Array<Partial<BaseTransaction>>) {
    if (typeof tx?.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to)) return null;
    const value = tx.value === undefined || tx.value === '' ? '0' : String(tx.value);
    // Dapps send the value as decimal wei or as hex ("0x0"); the server takes decimal wei.
    let wei: bigint;
    try {
      wei = BigInt(value);
    } catch {
      return null;
    }
    if (wei < 0n) return null;
    const data = tx.data === undefined || tx.data === '' ? '0x' : tx.data;
    if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)) return null;
    calls.push({ to: tx.to, value: wei.toString(), data });
  }
  return calls;
}

/** A message a Dapp asks the Safe to sign, as POST /task/dapp-message takes it. */
export type DappMessageRequest =
  { kind: 'personal'; text?: string; raw?: string } | { kind: 'typed'; typed_data: Record<string, unknown> };

/**
 * The message of a signMessage ({message: string}, EIP-191 text as the SDK's calculateMessageHash
 * hashes it) or signTypedMessage ({typedData}) request, checked; null for anything else.
 */
export function messageOf(method: string, params: unknown): DappMessageRequest | null {
  const body = (params ?? {}) as { message?: unknown; typedData?: unknown };
  if (method === Methods.signMessage)
    return typeof body.message === 'string' && body.message !== ''
      ? { kind: 'personal', text: body.message }
      : null;
  if (method !== Methods.signTypedMessage) return null;
  const typed = body.typedData as Record<string, unknown> | null | undefined;
  if (!typed || typeof typed !== 'object') return null;
  const { domain, types, message, primaryType } = typed;
  if (!isRecord(domain) || !isRecord(types) || !isRecord(message)) return null;
  // The SDK lets primaryType out when one type is not used by the others (ethers' rule).
  const primary = typeof primaryType === 'string' ? primaryType : soleRootType(types);
  if (!primary) return null;
  // The domain's chainId may arrive as a BigNumber-like object; the server takes a number.
  const chainId = (domain as { chainId?: unknown }).chainId;
  const id = typeof chainId === 'object' && chainId !== null ? Number(String(chainId)) : chainId;
  return {
    kind: 'typed',
    typed_data: {
      domain: id === undefined ? domain : { ...domain, chainId: id },
      types,
      primaryType: primary,
      message,
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function soleRootType(types: Record<string, unknown>): string | null {
  const named = Object.keys(types).filter((name) => name !== 'EIP712Domain');
  const used = new Set(
    Object.values(types).flatMap((fields) =>
      Array.isArray(fields)
        ? fields.map((f) => String((f as { type?: unknown }).type).replace(/\[\d*\]$/, ''))
        : [],
    ),
  );
  const roots = named.filter((name) => !used.has(name));
  return roots.length === 1 ? roots[0]! : null;
}

/** A task's status as a Safe transaction's: signed and executed, or where it waits. */
export function txStatusOf(status: number): TransactionStatus {
  switch (status) {
    case TaskStatus.Completed:
      return TransactionStatus.SUCCESS;
    case TaskStatus.PendingBroadcast:
    case TaskStatus.OnChain:
      return TransactionStatus.AWAITING_EXECUTION;
    case TaskStatus.PendingApproval:
    case TaskStatus.PendingSignature:
      return TransactionStatus.AWAITING_CONFIRMATIONS;
    case TaskStatus.Revoked:
    case TaskStatus.ApprovalRejected:
    case TaskStatus.UserCancelled:
    case TaskStatus.TimeoutCancelled:
      return TransactionStatus.CANCELLED;
    default:
      return TransactionStatus.FAILED;
  }
}

/**
 * getTxBySafeTxHash's answer: the status and hashes the platform knows. The full gateway record
 * (decoded txInfo, confirmations) is not kept; txInfo says only how many calls it carries.
 */
export function txDetailsOf(task: {
  safeAddress: string;
  safeTxHash: string;
  status: number;
  txHash: string | null;
  to: string;
  callCount: number;
}): GatewayTransactionDetails {
  return {
    safeAddress: task.safeAddress,
    txId: `multisig_${task.safeAddress}_${task.safeTxHash}`,
    txStatus: txStatusOf(task.status),
    txHash: task.txHash ?? undefined,
    txInfo: {
      type: 'Custom',
      to: { value: task.to },
      dataSize: '0',
      value: '0',
      actionCount: task.callCount,
      isCancellation: false,
    } as GatewayTransactionDetails['txInfo'],
  };
}

/** The platform's asset lines of a wallet (GET /wallets/asset-info), as getSafeBalances needs them. */
export interface AssetLines {
  amount: string;
  detail: Array<{
    symbol: string;
    contract_address: string | null;
    decimals: number;
    amount: string;
    price: string | null;
    value: string;
  }>;
}

/**
 * getSafeBalances's answer (the SDK's experimental_getBalances) from the wallet's assets: each
 * token's balance in its smallest unit, its USD value and price; the native coin at the zero
 * address as the gateway names it. Only USD is priced here.
 */
export function balancesOf(assets: AssetLines, params: unknown): SafeBalances {
  const currency = String((params as { currency?: unknown } | null)?.currency ?? 'usd').toLowerCase();
  if (currency !== 'usd') throw new Error(`Balances are priced in usd only, not ${currency}`);
  return {
    fiatTotal: assets.amount,
    items: assets.detail.map((line) => ({
      tokenInfo: {
        type: line.contract_address ? TokenType.ERC20 : TokenType.NATIVE_TOKEN,
        address: line.contract_address ?? zeroAddress,
        decimals: line.decimals,
        symbol: line.symbol,
        name: line.symbol,
        logoUri: '',
      },
      balance: parseUnits(line.amount, line.decimals).toString(),
      fiatBalance: line.value,
      fiatConversion: line.price ?? '0',
    })),
  };
}

/** getChainInfo's answer from the platform's chain entry (explorer templates {hash} / {address}). */
export function chainInfoOf(chain: {
  chain_id: string;
  name: string;
  symbol: string;
  decimals: number;
  explorer: { tx: string; address: string } | null;
}): ChainInfo {
  return {
    chainId: chain.chain_id,
    chainName: chain.name,
    shortName: chain.symbol.toLowerCase(),
    nativeCurrency: { name: chain.symbol, symbol: chain.symbol, decimals: chain.decimals, logoUri: '' },
    blockExplorerUriTemplate: {
      address: chain.explorer?.address.replace('{address}', '{{address}}') ?? '',
      txHash: chain.explorer?.tx.replace('{hash}', '{{txHash}}') ?? '',
      api: '',
    },
  };
}
