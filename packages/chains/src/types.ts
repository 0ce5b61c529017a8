/**
 * One interface for every chain family (issue "Chain layer"): validate addresses, read native
 * and token balances, quote fee tiers, build an unsigned transaction, give the exact hash each
 * signer signs, verify one signature, assemble, broadcast and follow confirmations.
 * Amounts are always integers in the asset's smallest unit (bigint); decimal strings only at
 * the edges (API and UI).
 */
export type ChainFamily = 'EVM' | 'BTC' | 'TRX' | 'SOL' | 'XRP';

export interface ChainInfo {
  /** Stable key used in the database and the API, e.g. "31337", "1", "ltc-regtest". */
  key: string;
  /** EVM chain id, or the key for non-EVM chains. */
  chainId: number | string;
  family: ChainFamily;
  name: string;
  nativeSymbol: string;
  nativeDecimals: number;
  testnet: boolean;
  /** Local devnet (dev tools such as the faucet and the devnet signer only work here). */
  devnet: boolean;
  /** Block-explorer URL templates with {hash} / {address}; null when there is none. */
  explorer: { tx: string; address: string } | null;
  /** Environment variable that configures its RPC endpoint. */
  rpcEnv: string;
}

export interface TokenRef {
  /** null for the native coin. */
  contract: string | null;
  symbol: string;
  decimals: number;
}

/** Balances keyed by holder address, then by token key ("native" or the lower-case contract). */
export type BalanceSheet = Map<string, Map<string, bigint>>;
export const NATIVE = 'native';
/**
 * A balance sheet's key for what the chain itself keeps back of the native coin and a transfer
 * cannot spend (XRP's base and owner reserves); absent where the chain keeps nothing back.
 */
export const CHAIN_RESERVE = 'chain-reserve';

export type FeeTierName = 'slow' | 'standard' | 'fast';

export interface FeeQuote {
  /** EVM: maxFeePerGas and maxPriorityFeePerGas in wei. Bitcoin family: sat/vB. */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  satPerVbyte?: number;
  /** Tron: sun per energy unit and per bandwidth byte (chain parameters; no fee market). */
  sunPerEnergy?: number;
  sunPerByte?: number;
  /** XRP: drops per transaction cost unit (a multisigned transaction pays 1 + signers of them). */
  drops?: bigint;
  /** Solana: the priority fee in micro-lamports per compute unit (on top of 5,000 lamports per signature). */
  microLamportsPerCu?: bigint;
}

export interface FeeTiers {
  unit: 'gwei' | 'sat/vB' | 'energy' | 'drops' | 'lamports';
  tiers: Record<FeeTierName, FeeQuote>;
}

export interface ConfirmationStatus {
  state: 'unknown' | 'pending' | 'confirmed' | 'failed';
  blockNumber?: bigint;
  /** The block that holds it now (a reorg shows up as another hash, or none). */
  blockHash?: string;
  confirmations?: number;
  /** Why an execution failed (revert reason), when the chain says. */
  reason?: string;
  /** What the sender paid in the chain's smallest unit (gas used × its price), once in a block. */
  fee?: bigint;
  /**
   * What the fee payer (the transaction's first account) lost in all, fee included, where the
   * chain reports balances per transaction (Solana: rent deposits and program fees it paid).
   */
  payerSpent?: bigint;
}

/** A deposit seen on chain (native coin or token) to one of the watched addresses. */
export interface IncomingTransfer {
  txHash: string;
  from: string;
  to: string;
  /** Token contract (canonical spelling), or null for the native coin. */
  token: string | null;
  amount: bigint;
  blockNumber: bigint;
  /** Log index for log-based transfers; null for a top-level native transfer. */
  logIndex: number | null;
}

/** The family-independent part every adapter offers. */
export interface ChainAdapter {
  readonly info: ChainInfo;
  isValidAddress(address: string): boolean;
  /** The canonical spelling (EVM: checksummed). Throws on an invalid address. */
  normalizeAddress(address: string): string;
  /** Native and token balances of many holders, in a constant number of RPC calls. */
  getBalances(holders: string[], tokens: TokenRef[]): Promise<BalanceSheet>;
  getFeeTiers(): Promise<FeeTiers>;
  /** Sends a fully signed raw transaction; returns its hash. */
  broadcast(rawTransaction: string): Promise<string>;
  getConfirmation(txHash: string): Promise<ConfirmationStatus>;
  /** Verifies a signed text message (EIP-191 personal_sign / Bitcoin signed message). */
  verifyMessage(address: string, message: string, signature: string): Promise<boolean>;
  /** True when reachable (health checks). */
  ping(): Promise<boolean>;
}
