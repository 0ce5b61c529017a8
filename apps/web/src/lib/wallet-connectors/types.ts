import type { ClientMessageKey } from '@keystead/contract/errors/client-messages';

export type Address = `0x${string}`;
export type Hex = `0x${string}`;

/** An EVM transaction the user's wallet sends (the Safe deployment, later transfers). */
export interface TransactionRequest {
  from: Address;
  to: Address;
  data?: Hex;
  /** Wei, as a decimal string. */
  value?: string;
  /** Gas limit and EIP-1559 fees (wei, decimal strings) when the server named them. */
  gas?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

/** A complete EIP-1559 transaction to sign without sending (the server relays it). */
export interface SignableTransaction extends Required<
  Pick<TransactionRequest, 'from' | 'to' | 'gas' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>
> {
  data: Hex;
  /** Wei, as a decimal string. */
  value: string;
  nonce: number;
}

/** EIP-712 typed data as eth_signTypedData_v4 takes it. */
export interface TypedDataRequest {
  domain: Record<string, unknown>;
  types: Record<string, Array<{ name: string; type: string }>>;
  primaryType: string;
  message: Record<string, unknown>;
}

/**
 * One way to reach a signing key: an injected browser wallet (MetaMask, Rabby, OneKey…), the
 * devnet signer, later Ledger, Trezor, WalletConnect or QR. Every method rejects with a
 * WalletError whose code is a §8 client message.
 */
export interface WalletConnector {
  readonly id: ConnectorId;
  /** Display name (a product name, not translated). */
  readonly name: string;
  /** Whether it can be used in this browser / on this chain now. */
  available(): boolean;
  /** Asks for access and makes sure the wallet is on `chainId`; resolves the accounts it offers. */
  connect(chainId?: number): Promise<Address[]>;
  /** The accounts of the last connect. */
  readonly accounts: Address[];
  /** EIP-191 personal_sign of a UTF-8 message. */
  signMessage(account: Address, message: string): Promise<Hex>;
  signTypedData(account: Address, data: TypedDataRequest): Promise<Hex>;
  /** Sends a transaction on `chainId`; resolves its hash. */
  sendTransaction(chainId: number, tx: TransactionRequest): Promise<Hex>;
  /**
   * Whether signTransaction works: browser wallets (EIP-1193) cannot sign without sending, so
   * with them the page uses sendTransaction and reports the hash instead of a raw transaction.
   */
  readonly signsOffline: boolean;
  /** Signs an EIP-1559 transaction on `chainId` without sending it; resolves the raw transaction. */
  signTransaction(chainId: number, tx: SignableTransaction): Promise<Hex>;
  /**
   * True when it signs typed data and messages only (QR and hardware signers here): not offered
   * where a transaction must be sent, such as a Safe's deployment or a relayed broadcast.
   */
  readonly signsOnly?: boolean;
  /** How the account is found on the device again (a derivation path), where it has one. */
  accountLabel?(account: Address): string | undefined;
  /** Ends a lasting connection (a WalletConnect session), where there is one: the next connect pairs anew. */
  disconnect?(): Promise<void>;
}

/** injected / devnet exist; ledger, trezor, onekey and qr are the device connectors of issue 19; walletconnect a phone wallet. */
export type ConnectorId = 'injected' | 'devnet' | 'ledger' | 'trezor' | 'onekey' | 'qr' | 'walletconnect';

/** A failure of a wallet action, named by its §8 client message. */
export class WalletError extends Error {
  constructor(
    readonly code: ClientMessageKey,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'WalletError';
  }
}

export function isWalletError(error: unknown, code?: ClientMessageKey): error is WalletError {
  return error instanceof WalletError && (code === undefined || error.code === code);
}
