import type { ClientMessageKey } from '@keystead/contract/errors/client-messages';
import { getAddress, isAddress, isAddressEqual, numberToHex, stringToHex } from 'viem';
import { WalletError, type Address, type TransactionRequest, type TypedDataRequest } from '../types';

/**
 * What the page asks of a phone wallet over WalletConnect, and how its answers are read: pure
 * functions, so they are unit-tested without a relay (the connector sends them).
 */

/** The chain asked for when the caller needs none (a signer address's message): Ethereum. */
export const DEFAULT_CHAIN_ID = 1;
export const SIGNER_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'];
export const SIGNER_EVENTS = ['accountsChanged', 'chainChanged'];

/** A session as far as this code reads it (WalletConnect's SessionTypes.Struct has more). */
export interface SessionLike {
  topic: string;
  /** Seconds since 1970. */
  expiry: number;
  namespaces: Record<string, { accounts: string[] }>;
}

export interface SessionRequest {
  chainId: string;
  request: { method: string; params: unknown[] };
}

const caip2 = (chainId: number) => `eip155:${chainId}`;

/**
 * Optional, not required, namespaces: wallets reject a proposal whose required chain they lack
 * outright, while an optional one lets them answer with what they have (checked after).
 */
export function proposalNamespaces(chainId: number = DEFAULT_CHAIN_ID) {
  return {
    eip155: { chains: [caip2(chainId)], methods: SIGNER_METHODS, events: SIGNER_EVENTS },
  };
}

/** The session's EVM accounts ("eip155:<chain>:<address>") as chain and checksummed address. */
function evmAccounts(session: SessionLike): Array<{ chainId: number; address: Address }> {
  return (session.namespaces.eip155?.accounts ?? []).flatMap((entry) => {
    const [namespace, chain, address] = entry.split(':');
    const chainId = Number(chain);
    if (namespace !== 'eip155' || !Number.isSafeInteger(chainId) || !address || !isAddress(address))
      return [];
    return [{ chainId, address: getAddress(address) }];
  });
}

/** The addresses a session offers on `chainId` (on any chain when undefined), each once. */
export function sessionAddresses(session: SessionLike, chainId?: number): Address[] {
  const found = evmAccounts(session).filter((item) => chainId === undefined || item.chainId === chainId);
  return [...new Set(found.map((item) => item.address))];
}

/** The chains on which the session holds `address`. */
export function chainsOf(session: SessionLike, address: Address): number[] {
  return evmAccounts(session)
    .filter((item) => isAddressEqual(item.address, address))
    .map((item) => item.chainId);
}

/**
 * The live session to use: not expired, offering an account on `chainId` (any chain when
 * undefined) and `address` when given; the one that lives longest (the newest) when several do.
 */
export function pickSession<T extends SessionLike>(
  sessions: readonly T[],
  wanted: { chainId?: number; address?: Address },
  now = Date.now(),
): T | undefined {
  return sessions
    .filter((session) => session.expiry * 1000 > now)
    .filter((session) => {
      const addresses = sessionAddresses(session, wanted.chainId);
      return wanted.address
        ? addresses.some((item) => isAddressEqual(item, wanted.address!))
        : addresses.length > 0;
    })
    .sort((a, b) => b.expiry - a.expiry)[0];
}

/** The chain to sign typed data on: its domain's, else any chain the session has the account on. */
export function typedDataChain(session: SessionLike, address: Address, data: TypedDataRequest): number {
  const chains = chainsOf(session, address);
  const domainChain = Number(data.domain.chainId ?? Number.NaN);
  if (!Number.isSafeInteger(domainChain)) return chains[0] ?? DEFAULT_CHAIN_ID;
  // A wallet refuses typed data for a chain it was not connected on: say so before asking it.
  if (!chains.includes(domainChain)) throw new WalletError('network_mismatch', `not on chain ${domainChain}`);
  return domainChain;
}

/** personal_sign takes the message as hex of its UTF-8 bytes, then the account (EIP-1193 order). */
export function personalSignRequest(chainId: number, account: Address, message: string): SessionRequest {
  return {
    chainId: caip2(chainId),
    request: { method: 'personal_sign', params: [stringToHex(message), account] },
  };
}

/** eth_signTypedData_v4 takes the account first, then the typed data as a JSON string. */
export function typedDataRequest(chainId: number, account: Address, data: TypedDataRequest): SessionRequest {
  return {
    chainId: caip2(chainId),
    request: { method: 'eth_signTypedData_v4', params: [account, JSON.stringify(data)] },
  };
}

const quantity = (decimal: string) => numberToHex(BigInt(decimal));

/** eth_sendTransaction with hex quantities (JSON-RPC), fees only where the server named them. */
export function sendTransactionRequest(chainId: number, tx: TransactionRequest): SessionRequest {
  return {
    chainId: caip2(chainId),
    request: {
      method: 'eth_sendTransaction',
      params: [
        {
          from: tx.from,
          to: tx.to,
          ...(tx.data ? { data: tx.data } : {}),
          value: quantity(tx.value ?? '0'),
          ...(tx.gas ? { gas: quantity(tx.gas) } : {}),
          ...(tx.maxFeePerGas ? { maxFeePerGas: quantity(tx.maxFeePerGas) } : {}),
          ...(tx.maxPriorityFeePerGas ? { maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas) } : {}),
        },
      ],
    },
  };
}

export type WalletConnectAction = 'connect' | 'sign' | 'send';

const FALLBACK: Record<WalletConnectAction, ClientMessageKey> = {
  connect: 'wallet_connect_failed',
  sign: 'sign_error',
  send: 'broadcast_failed',
};

/** Codes WalletConnect wallets answer a refusal with: EIP-1193's 4001, WalletConnect's 5000–5003. */
const REJECTION_CODES = [4001, 5000, 5001, 5002, 5003];

/**
 * A failure of the relay, the session or the phone as a §8 client message: a refusal on the
 * phone → wallet_user_reject; no answer before the request or proposal expired → network_timeout;
 * an unsupported chain → network_mismatch. The phone's JSON-RPC errors arrive as plain objects.
 */
export function walletConnectError(error: unknown, action: WalletConnectAction): WalletError {
  if (error instanceof WalletError) return error;
  const record = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const code = typeof record.code === 'number' ? record.code : undefined;
  const text = typeof record.message === 'string' ? record.message : String(error);
  if ((code !== undefined && REJECTION_CODES.includes(code)) || /reject|denied|declined/i.test(text))
    return new WalletError('wallet_user_reject', text);
  if (/expired|timed? ?out/i.test(text)) return new WalletError('network_timeout', text);
  if (code === 5100 || code === 4902 || /unsupported chain/i.test(text))
    return new WalletError('network_mismatch', text);
  if (/insufficient funds/i.test(text)) return new WalletError('insufficient_funds', text);
  return new WalletError(FALLBACK[action], text);
}
