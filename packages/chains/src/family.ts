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
  /**
   * Pre-signed transfers: several built now with consecutive sequences (or distinct coins), signed
   * while the signers are present and broadcast later, each staying valid until then.
   */
  preSign: boolean;
  /** The operator may choose the inputs (coin control). */
  coinControl: boolean;
  /**
   * Transfers spend coins (UTXOs) and take change addresses: what other transfers hold includes
   * their inputs and the next change index (read only for such families).
   */
  spendsCoins: boolean;
  /** A payment may carry a destination tag (XRP) that tells an exchange which customer it is for. */
  destinationTag?: boolean;
  /** Fee unit the wizard shows. */
  feeUnit: 'gwei' | 'sat/vB' | 'energy' | 'drops' | 'lamports';
  /** Speed-up: another broadcast attempt of the same task, or a new task that replaces it. */
  speedUp: 'attempt' | 'replacement' | 'none';
  /** Revoking a fully signed transfer: an on-chain rejection at its sequence, or releasing its inputs. */
  revokeSigned: 'rejection' | 'release';
  /** Broadcast: the server finalizes and relays, or a broadcaster's account signs the execution. */
  broadcast: 'server-finalizes' | 'sender-signs';
  /** Confirmations after which a completed transfer is final here: no longer watched for a reorg. */
  finalityDepth: number;
  /** The wallet's output script type where the family has several (Bitcoin family: p2wsh, or p2sh on BCH). */
  addressScript: string | null;
  /** What a new wallet's address must hold before its setup (an activation reserve), smallest unit. */
  setupDeposit: bigint;
  /** How signers prove and sign, for the signer's page and outside tools. */
  protocols: {
    /** The signer key as entered (an address, or an xpub with its origin). */
    key: string;
    /** The ownership proof of a signer key or an imported address. */
    ownership: string;
    /** What a transfer signature signs, and its encoding. */
    transfer: string;
  };
}

/**
 * A key the platform holds to pay fees and rent for a space (Solana's fee sponsoring, the one
 * place the server holds keys): the adapter asks it to sign message bytes and never sees the secret.
 */
export interface FeePayer {
  address: string;
  sign(message: Uint8Array): Uint8Array;
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
  /** Families with fee sponsoring (Solana): the space's fee payer, present where the server signs. */
  feePayer?: FeePayer;
  /** Bitcoin family: the emergency key that alone spends a coin once it is `blocks` old (a timelocked recovery path). */
  timelockRecovery?: { key: unknown; blocks: number };
  /** EVM: modules the platform set up itself (emergency recovery's delay module); any other disqualifies the Safe. */
  trustedModules?: string[];
}

export type IntentToken = TokenRef & { key: string };

/** Each output's asset: its own where a batch names one, else the intent's. */
export function outputToken(intent: TransferIntent, index: number): IntentToken | null {
  const own = intent.outputs[index]?.token;
  return own === undefined ? intent.token : own;
}

export interface TransferIntent {
  /**
   * Recipients, already spelled canonically, amounts in the asset's smallest unit; `tag` is the
   * destination tag (XRP) an exchange account needs to credit the right customer.
   */
  outputs: { to: string; amount: bigint; tag?: number | null; token?: IntentToken | null }[];
  /** The token, or null for the native coin; a batch output may name its own (`outputs[].token`). */
  token: IntentToken | null;
  fee: FeeChoice;
  /** Coin control: outpoints `txid:vout` the operator chose. */
  chosenInputs?: string[];
}

/** One call a Dapp asks a wallet to make: target, native value (smallest unit) and call data (hex). */
export interface ContractCall {
  to: string;
  value: bigint;
  data: string;
}

/** What the wallet's other active transfers hold, read under the wallet's writer lock. */
export interface Reservations {
  /** Amount of the intent's asset held by active transfers. */
  lockedAmount: bigint;
  /** Amounts held per asset key, for every asset the intent's outputs move. */
  lockedByToken: ReadonlyMap<string, bigint>;
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
  /** The fee paid in the chain's smallest unit, where the chain reports it per transaction. */
  fee?: bigint;
  /** What the fee payer lost in all, fee included (ConfirmationStatus.payerSpent). */
  payerSpent?: bigint;
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
  /** Weighted families (Tron): each key's weight, in the order of `keys`; the threshold is a weight. */
  weights?: number[];
  /** Families whose wallet is an existing account handed to the signers (Tron, XRP): its address. */
  account?: string;
  /**
   * Fee-sponsored families (Solana): the space's fee payer, which creates the wallet and is its
   * proposing/executing member, and the one-off key whose address seeds the wallet's address.
   */
  sponsor?: { feePayer: string; createKey: string };
  /** Bitcoin family: an emergency key and its delay in blocks (see FamilyWallet.timelockRecovery). */
  timelockRecovery?: { key: unknown; blocks: number };
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
  /** What is stored as the wallet's key material when it is more than the key list (Tron: weights). */
  walletKeys?: unknown;
  /** The account holding the wallet's configuration where it is not the address (Squads: the multisig). */
  account?: string;
}

/** A member's verified signer key as stored (owner address, or xpub with its origin). */
export interface SignerRecord {
  family: string;
  chainKey: string;
  address: string;
  fingerprint: string | null;
  derivationPath: string | null;
}

/** A signer key as a member enters it: an address, or an xpub with its origin. */
export interface SignerKeyInput {
  address?: string | undefined;
  xpub?: string | undefined;
  fingerprint?: string | undefined;
  path?: string | undefined;
}

/** One unspent output of a coin-control wallet. */
export interface WalletCoin {
  outpoint: string;
  value: bigint;
  address: string;
  branch: 0 | 1;
  index: number;
  confirmations: number;
}

export interface FamilyAdapter {
  readonly chain: ChainAdapter;
  readonly capabilities: FamilyCapabilities;

  /**
   * Wallet setup: what sending the setup transaction costs now at a fee choice (the signer who
   * sends it pays). Families whose wallets need nothing on chain omit it.
   */
  setupFee?(
    setup: PreparedSetup,
    fee: FeeChoice,
  ): Promise<{ gas: bigint; maxFeePerGas: bigint; total: bigint }>;
  /** Wallet setup: a signed setup transaction, accepted only if it is exactly the setup call. */
  checkSignedSetup?(setup: PreparedSetup, raw: string): Promise<{ hash: string; from: string }>;
  /** Signer keys: what a member entered, checked and spelled canonically (FamilyError when unusable). */
  signerKeyOf(input: SignerKeyInput): SignerRecord;
  /** Signer keys: whether the signature of the challenge message was made with this key. */
  verifySignerProof(
    record: SignerRecord,
    message: string,
    proof: { signature: string; childPath?: string | undefined },
  ): Promise<boolean>;
  /** Wallet setup: the signer's key as this family's key material, or null when it cannot sign here. */
  signerKey(signer: SignerRecord): unknown | null;
  /**
   * Wallet setup from what a signer's tool exported (an output descriptor); absent where the
   * family has no such text. Refuses text it cannot read (FamilyError, field 'descriptor').
   */
  importSetup?(text: string): { keys: unknown[]; threshold: number };
  /** Single-signature wallets: the imported address spelled canonically (refused when unusable) and its ownership proof. */
  readonly singleKey?: {
    address(raw: string): Promise<string>;
    verifyOwnership(address: string, message: string, signature: string): Promise<boolean>;
  };
  /** Families with one address per use: the receive address at an index. */
  receiveAddress?(wallet: FamilyWallet, index: number): { address: string; path: string };
  /**
   * Coin families: the whole transactions whose outputs the stored transfer spends (raw hex by
   * txid). Hardware signers that check each input's amount against them (Ledger's and OneKey's
   * apps) need them; read from the node when a signer asks, not carried in every PSBT.
   */
  previousTransactions?(stored: StoredTransfer): Promise<Array<{ txid: string; hex: string }>>;
  /** Coin-control families: the wallet's unspent outputs. */
  listCoins?(wallet: FamilyWallet): Promise<WalletCoin[]>;

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
    expected: { owners: string[]; threshold: number; weights?: number[]; account?: string },
  ): Promise<'ready' | 'pending' | 'different' | 'unfunded'>;
  /**
   * Fee-sponsored families (Solana): the wallet's creation, built, signed by the fee payer and the
   * one-off create key, and sent; returns its transaction id. The chain confirms it (confirmSetup).
   */
  sponsoredSetup?(setup: PreparedSetup, feePayer: FeePayer, createKey: FeePayer): Promise<{ hash: string }>;
  /**
   * Families whose signatures are transactions of their own (Squads approvals): the verified
   * submission completed by the wallet's fee payer and sent, before it counts.
   */
  submitSignatures?(
    wallet: FamilyWallet,
    stored: StoredTransfer,
    verified: VerifiedSignature[],
  ): Promise<string[]>;
  /**
   * Fee-sponsored families: where a transaction the fee payer sent is, with what it cost the
   * payer (consumption records), whatever the transfer it belongs to.
   */
  followSponsored?(txHash: string): Promise<FollowedTransaction>;
  /**
   * Families with payment addresses that send coin of their own (EVM refunds): the unsigned send
   * from `from`, or with `previousRaw` its replacement (same nonce, fees raised enough).
   */
  prepareNativeSend?(input: {
    from: string;
    to: string;
    value: bigint;
    fee: FeeChoice;
    previousRaw: string | null;
  }): Promise<UnsignedExecution>;
  /**
   * Families whose signers sign a fresh transaction (Solana's recent blockhash lives about a
   * minute): what this signer key signs now, unsigned (base64), with when it stops being valid.
   */
  signingTransaction?(
    wallet: FamilyWallet,
    stored: StoredTransfer,
    signerKey: string,
  ): Promise<{ transaction: string; lastValidBlockHeight: number; proposes: boolean; index: string }>;
  /**
   * Wallet setup handed over by signed transactions of the account's first key (Tron's permission
   * update; XRP's SignerListSet, then disabling the master key): what the account must hold
   * first, and the unsigned transaction (JSON) that key signs next — null while the account cannot
   * sign yet or nothing is left. `hash` is known before signing only where the chain says so (Tron).
   */
  setupTransaction?(
    setup: PreparedSetup,
  ): Promise<{ payload: string | null; hash: string | null; required: bigint; step?: string | null }>;
  /**
   * Weighted families: each wallet key's weight as the chain holds it now (the on-chain
   * permission), counted towards the threshold instead of one per key.
   */
  keyWeights?(wallet: FamilyWallet): Promise<Map<string, number>>;
  /**
   * Families whose transactions expire (Tron, at most 24 h): a payload stamped afresh when the
   * transfer enters signing, and when it stops being signable.
   */
  readonly signingWindow?: {
    open(
      wallet: FamilyWallet,
      stored: StoredTransfer,
    ): Promise<{ payload: string; payloadHash: string; expiresAt: Date }>;
    expiresAt(stored: StoredTransfer): Date;
  };
  /**
   * Deposit scan (families that have one): the chain's tip, and what reached these wallets in a
   * block range — each transfer names the wallet (its `address`) it was paid to, which may be
   * one of the wallet's many receive addresses.
   */
  readonly deposits?: {
    tip(): Promise<bigint>;
    /** Blocks one scan reads at most (large blocks make a smaller bite). */
    blocksPerScan: bigint;
    transfersTo(
      wallets: FamilyWallet[],
      tokens: TokenRef[],
      from: bigint,
      to: bigint,
    ): Promise<Array<IncomingTransfer & { wallet: string }>>;
  };
  /**
   * Token families with allowances (EVM's ERC-20): the approvals wallets granted, found with the
   * deposit scan over the same block range, the allowances now, and the call that sets one to 0.
   */
  readonly tokenApprovals?: {
    approvalsBy(
      wallets: FamilyWallet[],
      from: bigint,
      to: bigint,
    ): Promise<
      Array<{ wallet: string; token: string; spender: string; txHash: string; blockNumber: bigint }>
    >;
    allowances(refs: { owner: string; token: string; spender: string }[]): Promise<(bigint | null)[]>;
    /** The call that sets an allowance (0 cancels it): made (estimated, built) like any Dapp call. */
    approveCall(ref: { token: string; spender: string }, amount: bigint): ContractCall;
  };
  /**
   * Families with an on-chain emergency recovery (EVM Safes on chains where a delay module is
   * known): a recoverer may replace an owner only after a delay during which the owners can veto.
   * Every change to the wallet is a call the wallet makes through the one lifecycle; the
   * recoverer's and the executor's transactions are built here and sent by their own wallets.
   */
  readonly recovery?: RecoveryOps;
  /**
   * Families whose wallets may carry a timelocked recovery path (the Bitcoin family on P2WSH
   * chains): an emergency key alone spends a coin once it is `blocks` old; the owners keep coins
   * out of its reach by spending them (through the one lifecycle) before that.
   */
  readonly timelockRecovery?: TimelockRecoveryOps;
  /**
   * Families whose wallets call contracts (EVM Safes): a Dapp's calls checked, simulated and built
   * into one payload under the wallet's lock, then carried through the one lifecycle.
   */
  readonly contractCalls?: {
    isContract(address: string): Promise<boolean>;
    /** Each call run alone from the wallet now: null where it succeeds, else why it reverts. */
    simulate(wallet: FamilyWallet, calls: ContractCall[]): Promise<(string | null)[]>;
    build(wallet: FamilyWallet, calls: ContractCall[], state: unknown, held: Reservations): PreparedTransfer;
    /** Gas the wallet's execution of these calls takes, for the fee estimate (broadcast measures it exactly). */
    gas(wallet: FamilyWallet, calls: ContractCall[]): Promise<bigint>;
    /** What a call does, decoded from its bytes (never from what the Dapp says of it). */
    describe(call: ContractCall): {
      kind: 'native' | 'erc20_transfer' | 'erc20_approve' | 'contract_call';
      /** The function's signature where known, its 4-byte selector otherwise; null for a plain payment. */
      method: string | null;
      token_contract: string | null;
      recipient: string | null;
      amount_raw: string | null;
    };
    /** A read-only node request for a Dapp (EVM: the Safe Apps SDK's rpcCall reads). */
    read(method: string, params: readonly unknown[]): Promise<unknown>;
  };
  /**
   * Families whose wallets sign messages (EVM Safes: EIP-1271 through the fallback handler): a
   * message task goes through approval and signing like a transfer and is done at the threshold,
   * with nothing broadcast. The payload says which it is; the sign step asks `isMessage`.
   */
  readonly messages?: MessageOps;
  /**
   * Balances of many wallets keyed by each wallet's address as given: EVM reads every wallet and
   * token in one Multicall3 batch; the Bitcoin family scans each wallet's UTXOs (a wallet whose
   * scan fails is left out).
   */
  readBalances(wallets: FamilyWallet[], tokens: TokenRef[]): Promise<Map<string, Map<string, bigint>>>;
  /** Token families: a token contract's canonical address and what it says of itself (refused when it is none). */
  token?(contract: string): Promise<{ contract: string; symbol: string; decimals: number; name: string }>;
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
  /**
   * The most the wallet can send of the intent's asset now (the wizard's Max): what it holds less
   * what active transfers hold, less the fee where the wallet itself pays it (else fee is null).
   */
  maxSendable(
    wallet: FamilyWallet,
    intent: TransferIntent,
    state: unknown,
    held: Reservations,
  ): { amount: bigint; fee: bigint | null };
  /** What a signer's page shows to sign (typed data, or per-input digests). */
  signingView(wallet: FamilyWallet, stored: StoredTransfer): Record<string, unknown>;
  /**
   * What approvers and signers review before they act, at every stage: the call decoded from the
   * payload itself and the hashes a hardware wallet shows (EVM: the Safe transaction).
   */
  reviewView?(wallet: FamilyWallet, stored: StoredTransfer): Record<string, unknown>;

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
  finalize?(wallet: FamilyWallet, stored: StoredTransfer): FinalizedTransfer | Promise<FinalizedTransfer>;
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
  /**
   * revokeSigned 'rejection': the stored transfer's sequence was already used on chain by another
   * transaction (it can never execute, so revoking it needs no rejection).
   */
  sequenceTaken?(wallet: FamilyWallet, stored: StoredTransfer): Promise<boolean>;
  /** speedUp 'replacement': the same payment at a higher fee, signed again. */
  buildReplacement?(wallet: FamilyWallet, stored: StoredTransfer, fee: FeeChoice): Promise<PreparedTransfer>;
}

export interface MessageOps {
  /**
   * A message task's payload from the wallet's state (readTransferState): the hash its signers
   * sign, the threshold now, no sequence. Refuses a wallet whose signature no Dapp could check.
   */
  prepare(wallet: FamilyWallet, request: unknown, state: unknown): PreparedTransfer;
  /** Whether a stored payload is a message (done at the threshold) rather than a transaction. */
  isMessage(stored: StoredTransfer): boolean;
  /** The wallet's signature from its signers' verified ones (EVM: owners' signatures sorted, joined). */
  signature(stored: StoredTransfer, signatures: VerifiedSignature[]): string;
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

/** What a recovery is set up with: who may queue, and the delay (and expiry) in seconds. */
export interface RecoveryParams {
  recoverer: string;
  cooldownSeconds: number;
  expirationSeconds: number;
  /** Salt of the module's address, so a wallet can set recovery up again after disabling it. */
  saltNonce: bigint;
}

/** A transaction queued on the delay module, as the chain holds it. */
export interface QueuedRecoveryTx {
  queueNonce: number;
  txHash: string;
  to: string;
  value: bigint;
  data: string;
  operation: number;
  /** Chain time, in seconds. */
  createdAt: number;
  /** The Safe's swapOwner decoded, when that is the call. */
  swap: { lostOwner: string; newOwner: string } | null;
}

/** The delay module and the wallet as the chain holds them now. */
export interface RecoveryChainState {
  /** The module has code and the wallet has it enabled. */
  enabled: boolean;
  recovererEnabled: boolean;
  owners: string[];
  threshold: number;
  txNonce: number;
  queueNonce: number;
  cooldownSeconds: number;
  expirationSeconds: number;
  /** The latest block's time and number. */
  chainTime: number;
  blockNumber: bigint;
}

export interface RecoveryOps {
  /** The module's address and the wallet's calls that deploy and enable it with the recoverer. */
  setup(wallet: FamilyWallet, params: RecoveryParams): { delay: string; calls: ContractCall[] };
  read(wallet: FamilyWallet, delay: string): Promise<RecoveryChainState>;
  /** The transactions queued from `fromNonce` on (the ones neither run nor vetoed), logs read from `fromBlock`. */
  queued(
    wallet: FamilyWallet,
    delay: string,
    fromBlock: bigint,
    fromNonce: number,
  ): Promise<QueuedRecoveryTx[]>;
  /** The recoverer's transaction that queues replacing `lostOwner` by `newOwner`. */
  queueTx(
    delay: string,
    wallet: FamilyWallet,
    owners: string[],
    lostOwner: string,
    newOwner: string,
  ): ContractCall;
  /** The wallet's call that vetoes everything queued up to `queueNonce`. */
  cancelCall(delay: string, queueNonce: number): ContractCall;
  /** Anyone's transaction that runs the next queued one once its delay is over. */
  executeTx(delay: string, queued: QueuedRecoveryTx): ContractCall;
  /** The wallet's call that disables the module. */
  disableCall(wallet: FamilyWallet, delay: string): Promise<ContractCall>;
}

/** The unsigned sweep of a wallet's matured coins by its recovery key. */
export interface RecoverySweep {
  /** PSBT (version 2, every input's nSequence = the delay) carrying the recovery key's derivations. */
  psbt: string;
  /** The recipient, spelled canonically. */
  to: string;
  amount: bigint;
  fee: bigint;
  vsize: number;
  feeRate: string;
  inputs: { outpoint: string; value: bigint }[];
}

export interface TimelockRecoveryOps {
  /** The wallet's recovery key, checked like a signer key (xpub with its origin). */
  parseKey(input: { xpub: string; fingerprint: string; path: string }): unknown;
  /** Every coin at least `blocks` old, all to `to`, minus the fee. WALLET_RECOVERY_DELAY_ERROR when none is. */
  buildSweep(wallet: FamilyWallet, to: string, fee: FeeChoice): Promise<RecoverySweep>;
  /**
   * Checks that `signed` spends only this wallet's unspent coins, verifies the recovery key's
   * signature of each input against its own digest, finalizes and relays it. The node refuses a
   * coin younger than the delay (WALLET_RECOVERY_DELAY_ERROR).
   */
  submitSweep(
    wallet: FamilyWallet,
    signed: string,
  ): Promise<{ txid: string; fee: bigint; outputs: { to: string; value: bigint }[] }>;
}
