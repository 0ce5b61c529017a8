/**
 * The family adapter: everything the one transfer lifecycle on the server needs from a chain
 * family (EVM Safe, Bitcoin-family PSBT, and Tron / XRP / Solana later). The server keeps the
 * states, people, locks and audit; the adapter knows the bytes. It never sees a database: what
 * the wallet's other active transfers hold comes in as `Reservations`.
 *
 * Errors a user can cause are thrown as `FamilyError` whose code is the error catalogue's code.
 */
import type { ChainAdapter, FeeTierName, IncomingTransfer, TokenRef } from './types';

export type FeeChoice = { tier: FeeTierName } | { tier: 'custom'; rate: string };

export interface FamilyCapabilities {
  /** Token transfers (ERC-20 …) besides the native coin. */
  tokens: boolean;
  /** Several recipients in one transaction. */
  batch: boolean;
  /** The operator may choose the inputs (coin control). */
  coinControl: boolean;
  /** Fee unit the wizard shows. */
  feeUnit: 'gwei' | 'sat/vB';
  /** Speed-up: another broadcast attempt of the same task, or a new task that replaces it. */
  speedUp: 'attempt' | 'replacement';
  /** Revoking a fully signed transfer: an on-chain rejection at its sequence, or releasing its inputs. */
  revokeSigned: 'rejection' | 'release';
  /** Broadcast: the server finalizes and relays, or a broadcaster's account signs the execution. */
  broadcast: 'server-finalizes' | 'sender-signs';
}

/** A wallet as the adapter sees it. */
export interface FamilyWallet {
  /** The address funds are held at (Safe; the Bitcoin family's first receive address). */
  address: string;
  threshold: number;
  /** Family key material as stored (Bitcoin family: the signer xpubs with origins). */
  keys: unknown;
  nextReceiveIndex: number;
  nextChangeIndex: number;
}

export interface TransferIntent {
  /** Recipients, already spelled canonically, amounts in the asset's smallest unit. */
  outputs: { to: string; amount: bigint }[];
  /** The token, or null for the native coin. */
  token: (TokenRef & { key: string }) | null;
  fee: FeeChoice;
  /** Coin control: outpoints `txid:vout` the operator chose. */
  chosenInputs?: string[];
}

/** What the wallet's other active transfers hold, read under the wallet's writer lock. */
export interface Reservations {
  /** Amount of the intent's asset held by active transfers. */
  lockedAmount: bigint;
  /** Highest sequence (Safe nonce) an active transfer took, or null. */
  highestSequence: bigint | null;
  /** Inputs (`txid:vout`) active transfers spend. */
  lockedInputs: ReadonlySet<string>;
  nextChangeIndex: number;
}

export interface ReservedInput {
  outpoint: string;
  value: bigint;
  branch: 0 | 1;
  index: number;
}

/** A transfer ready for signatures: what is stored with the task. */
export interface PreparedTransfer {
  /** What the signers sign: a Safe transaction (JSON) or an unsigned PSBT (base64). */
  payload: string;
  /** The exact hash signed (Safe transaction hash), when the payload has one. */
  payloadHash: string | null;
  /** The account/contract sequence it takes (Safe nonce), or null. */
  sequence: bigint | null;
  signingThreshold: number;
  amount: bigint;
  inputs: ReservedInput[];
  usedChangeIndex: boolean;
  fee: { total: bigint | null; rate: string | null; vsize: number | null };
  /** Recipients, change and inputs for the task's page. */
  details: Record<string, unknown>;
}

/** The stored transfer handed back to the adapter. */
export interface StoredTransfer {
  payload: string;
  payloadHash: string | null;
  sequence: bigint | null;
  fee: { total: bigint | null; rate: string | null; vsize: number | null };
  inputs: ReservedInput[];
}

export interface SignatureSubmission {
  signature?: string | undefined;
  kind?: string | undefined;
  /** A signed PSBT (base64), possibly finalized by the signer's tool. */
  psbt?: string | undefined;
}

export interface VerifiedSignature {
  /** The wallet key it belongs to (owner address, xpub …): the unit counted towards the threshold. */
  signerKey: string;
  kind: string;
  /** What is kept to assemble the transaction later (the signature, or the key's fingerprint). */
  proof: string;
  /** Family detail for the audit row. */
  audit: Record<string, unknown>;
}

/** A confirmed state read from the chain. */
export interface FollowedTransaction {
  state: 'unknown' | 'pending' | 'executed' | 'failed' | 'reorged';
  blockNumber?: bigint;
  blockHash?: string;
  confirmations?: number;
  reason?: string;
}

export interface FinalizedTransfer {
  raw: string;
  txHash: string;
  fee: bigint | null;
  vsize: number | null;
}

/** The unsigned execution a broadcaster's account signs (sender-signs families). */
export interface UnsignedExecution {
  chainId: number;
  from: string;
  to: string;
  data: string;
  value: bigint;
  nonce: number;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface SignedExecution {
  hash: string;
  from: string;
  nonce: number;
  maxFeePerGas: bigint;
}

/** What the wizard chose for a new wallet. */
export interface SetupRequest {
  /** The signers' keys: owner addresses (EVM) or xpubs with origins (Bitcoin family). */
  keys: unknown[];
  threshold: number;
  /** Makes the address unique where it is predicted from a deployment (Safe salt nonce). */
  nonce?: bigint;
}

/** A new wallet's address and what must happen on chain before it can be used. */
export interface PreparedSetup {
  /** The address funds are held at (predicted Safe; the first receive address). */
  address: string;
  /** The keys in their canonical spelling and order (as stored with the wallet). */
  keys: unknown[];
  /** The transaction a signer sends before use (Safe deployment), or null when nothing is needed. */
  onChain: { to: string; data: string } | null;
  /** Output descriptors (Bitcoin family), or null. */
  descriptors: { receive: string; change: string } | null;
}

export interface FamilyAdapter {
  readonly chain: ChainAdapter;
  readonly capabilities: FamilyCapabilities;

  /**
   * Wallet setup: the new wallet's address (derived from the keys, or predicted from the
   * deployment) and what must be sent on chain before use. Refuses keys the family cannot use.
   */
  prepareSetup(request: SetupRequest): Promise<PreparedSetup>;

  /**
   * Wallet setup: whether what is on chain at the wallet's address is the wallet the wizard chose
   * (a deployed Safe with exactly these owners and threshold). 'pending' while nothing is there.
   * Families whose wallets need nothing on chain (Bitcoin family: derived from the keys) omit it.
   */
  confirmSetup?(
    address: string,
    expected: { owners: string[]; threshold: number },
  ): Promise<'ready' | 'pending' | 'different'>;
  /** Deposit scan (families that have one): the chain's tip, and what reached these addresses in a block range. */
  readonly deposits?: {
    tip(): Promise<bigint>;
    transfersTo(
      addresses: string[],
      tokens: TokenRef[],
      from: bigint,
      to: bigint,
    ): Promise<IncomingTransfer[]>;
  };
  /**
   * Balances of many wallets keyed by each wallet's address as given: EVM reads every wallet and
   * token in one Multicall3 batch; the Bitcoin family scans each wallet's UTXOs (a wallet whose
   * scan fails is left out).
   */
  readBalances(wallets: FamilyWallet[], tokens: TokenRef[]): Promise<Map<string, Map<string, bigint>>>;
  /** A recipient in its canonical spelling; refuses what the family cannot pay to. */
  recipient(address: string): string;
  /** Chain reads a transfer needs (balances, Safe state, UTXOs); done before the writer lock. */
  readTransferState(wallet: FamilyWallet, intent: TransferIntent): Promise<unknown>;
  /** Builds the payload under the wallet's lock from that state and what others hold. */
  buildTransfer(
    wallet: FamilyWallet,
    intent: TransferIntent,
    state: unknown,
    held: Reservations,
  ): Promise<PreparedTransfer>;
  /** What a signer's page shows to sign (typed data, or per-input digests). */
  signingView(wallet: FamilyWallet, stored: StoredTransfer): Record<string, unknown>;

  /** Cryptographic checks of one submission; names the wallet key of every signature. */
  verifySubmission(
    wallet: FamilyWallet,
    stored: StoredTransfer,
    submission: SignatureSubmission,
  ): Promise<VerifiedSignature[]>;
  /** Chain-state checks that the keys still sign for the wallet; the threshold to reach. */
  currentThreshold(wallet: FamilyWallet, stored: StoredTransfer, keys: string[]): Promise<number>;
  /** The payload with the new signatures merged in (a PSBT keeps them; a Safe tx does not change). */
  mergeSignatures(
    wallet: FamilyWallet,
    payload: string,
    submission: SignatureSubmission,
    verified: VerifiedSignature[],
  ): string;

  /** server-finalizes: the raw transaction from the stored payload (refused below the threshold). */
  finalize?(wallet: FamilyWallet, stored: StoredTransfer): FinalizedTransfer;
  /** sender-signs: the execution a broadcaster's account signs, checked by simulation. */
  prepareExecution?(
    wallet: FamilyWallet,
    stored: StoredTransfer,
    signatures: VerifiedSignature[],
    input: { from: string; fee: FeeChoice; previousRaw: string | null },
  ): Promise<UnsignedExecution>;
  /** sender-signs: the call the execution makes (shown to the broadcaster before signing). */
  executionView?(
    wallet: FamilyWallet,
    stored: StoredTransfer,
    signatures: VerifiedSignature[],
  ): { to: string; data: string; value: bigint };
  /** sender-signs: a signed execution, accepted only if it is exactly the expected call. */
  checkSignedExecution?(
    wallet: FamilyWallet,
    stored: StoredTransfer,
    signatures: VerifiedSignature[],
    raw: string,
  ): Promise<SignedExecution>;
  /** speedUp 'attempt': a new signed execution may replace the pending one (same sender and nonce, fees raised). */
  checkReplacement?(previousRaw: string, raw: string): Promise<void>;

  /** Sends raw bytes; bytes the node already has count as sent. */
  relay(raw: string): Promise<'sent' | 'known'>;
  /** Where a sent transaction is; `knownBlockHash` lets the adapter notice a reorg. */
  follow(txHash: string, stored: StoredTransfer, knownBlockHash?: string): Promise<FollowedTransaction>;

  /** revokeSigned 'rejection': the payload that cancels the stored one at its sequence. */
  buildRejection?(wallet: FamilyWallet, stored: StoredTransfer): PreparedTransfer;
  /** speedUp 'replacement': the same payment at a higher fee, signed again. */
  buildReplacement?(wallet: FamilyWallet, stored: StoredTransfer, fee: FeeChoice): Promise<PreparedTransfer>;
}

/** A rule of the lifecycle the user broke; `code` is the catalogue's. */
export class FamilyError extends Error {
  constructor(
    readonly code: string,
    readonly detail: Record<string, unknown> = {},
    message = code,
  ) {
    super(message);
    this.name = 'FamilyError';
  }
}

export const isFamilyError = (error: unknown): error is FamilyError => error instanceof FamilyError;
