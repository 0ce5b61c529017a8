// SYNTHETIC: the in-memory ledger behind the XRPL fixture node (fixture-node.ts). Accounts, signer
// lists and trust lines follow rippled's ledger entries (and their ids are computed as rippled's
// keylets compute them), but every value is made up by the fixture. Ledgers close only on demand;
// each closed ledger is validated at once and keeps a copy of the state, so reads at 'validated',
// 'closed' or an index see that ledger and reads at 'current' see the open one. Fixture time
// advances 4 s per ledger.
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import type { Decimal } from './decimal.js';
import { decodeClassicAddress, fromHex, sha512Half, toHex, type TxJson } from './independent.js';
import type { EngineResult } from './results.js';

/** AccountRoot flags (LedgerFormats.h). */
export const ACCOUNT_FLAGS = {
  lsfRequireDestTag: 0x00020000,
  lsfRequireAuth: 0x00040000,
  lsfDisallowXRP: 0x00080000,
  lsfDisableMaster: 0x00100000,
  lsfDefaultRipple: 0x00800000,
  lsfDepositAuth: 0x01000000,
} as const;
/** SignerList flag: the list counts one owner object (the MultiSignReserve amendment). */
export const LSF_ONE_OWNER_COUNT = 0x00010000;
/** RippleState flags: which side's reserve the line uses. */
export const LSF_LOW_RESERVE = 0x00010000;
export const LSF_HIGH_RESERVE = 0x00020000;

/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01T00:00:00Z). */
export const RIPPLE_EPOCH_OFFSET = 946_684_800;
export const LEDGER_INTERVAL_S = 4;
/** 100 billion XRP, the whole supply, starts on the fixture's genesis account. */
export const TOTAL_DROPS = 100_000_000_000n * 1_000_000n;

export interface FeeSettings {
  baseFee: bigint;
  reserveBase: bigint;
  reserveInc: bigint;
}

export interface AccountRoot {
  account: string;
  balance: bigint;
  flags: number;
  ownerCount: number;
  sequence: number;
  previousTxnId: string;
  previousTxnLgrSeq: number;
}
export interface SignerEntry {
  account: string;
  weight: number;
}
export interface SignerList {
  owner: string;
  quorum: number;
  entries: SignerEntry[];
  previousTxnId: string;
  previousTxnLgrSeq: number;
}
/** A trust line between a holder and an issuer; balance is on the holder's side. */
export interface TrustLine {
  holder: string;
  issuer: string;
  currency: string;
  balance: Decimal;
  limit: Decimal;
  previousTxnId: string;
  previousTxnLgrSeq: number;
}
export interface LedgerState {
  accounts: Map<string, AccountRoot>;
  signerLists: Map<string, SignerList>;
  lines: Map<string, TrustLine>;
}

export interface StoredTx {
  hash: string;
  blob: string;
  tx: TxJson;
  result: EngineResult;
  /** The ledger that holds it (the open one until it closes). */
  ledgerIndex: number;
  txIndex: number;
  validated: boolean;
  meta: Record<string, unknown>;
  /** Accounts whose account_tx lists it. */
  touches: string[];
}

export interface ClosedLedger {
  index: number;
  hash: string;
  parentHash: string;
  /** Ripple epoch seconds. */
  closeTime: number;
  txs: StoredTx[];
  state: LedgerState;
  totalDrops: bigint;
}

/** 3-letter ISO-style code → 160-bit currency (12 zero bytes ‖ ASCII ‖ 5 zero bytes); 40 hex as is. */
export function currencyBytes(code: string): Uint8Array {
  if (/^[0-9A-Fa-f]{40}$/.test(code)) return fromHex(code);
  if (code.length !== 3 || code === 'XRP') throw new Error(`bad currency code ${code}`);
  const out = new Uint8Array(20);
  out.set(utf8ToBytes(code), 12);
  return out;
}

const keylet = (space: string, ...parts: Uint8Array[]) =>
  toHex(sha512Half(concatBytes(fromHex(space), ...parts)));

/** Ledger entry ids, as rippled's keylet:: functions compute them (Indexes.cpp). */
export const ledgerEntryId = {
  account: (address: string) => keylet('0061', decodeClassicAddress(address)),
  signerList: (address: string) => keylet('0053', decodeClassicAddress(address), new Uint8Array(4)),
  rippleState(a: string, b: string, currency: string) {
    const [x, y] = [decodeClassicAddress(a), decodeClassicAddress(b)];
    const [low, high] = toHex(x) < toHex(y) ? [x, y] : [y, x];
    return keylet('0072', low, high, currencyBytes(currency));
  },
};

export const lineKey = (holder: string, currency: string, issuer: string) =>
  `${holder}|${currency}|${issuer}`;

const emptyState = (): LedgerState => ({ accounts: new Map(), signerLists: new Map(), lines: new Map() });

export class FixtureLedger {
  /** The open ledger's state; closing copies it into the closed ledger. */
  state: LedgerState = emptyState();
  readonly closed: ClosedLedger[] = [];
  openTxs: StoredTx[] = [];
  readonly txs = new Map<string, StoredTx>();
  totalDrops = TOTAL_DROPS;
  private readonly firstCloseTime: number;

  constructor(
    readonly fees: FeeSettings,
    readonly startLedger: number,
    startTimeMs: number,
    genesis: string,
  ) {
    this.firstCloseTime = Math.floor(startTimeMs / 1000) - RIPPLE_EPOCH_OFFSET;
    const root = this.createAccount(genesis);
    root.balance = TOTAL_DROPS;
    root.sequence = 1;
    this.close();
  }

  get validated(): ClosedLedger {
    return this.closed[this.closed.length - 1]!;
  }

  get openIndex(): number {
    return this.startLedger + this.closed.length;
  }

  ledger(index: number): ClosedLedger | undefined {
    return Number.isInteger(index) && index >= this.startLedger
      ? this.closed[index - this.startLedger]
      : undefined;
  }

  /** reserve_base + reserve_inc × owner objects. */
  reserve(ownerCount: number): bigint {
    return this.fees.reserveBase + this.fees.reserveInc * BigInt(ownerCount);
  }

  account(address: string, state: LedgerState = this.state): AccountRoot | undefined {
    return state.accounts.get(address);
  }

  /** A new AccountRoot in the open ledger; its Sequence is the open ledger's index, as rippled sets it. */
  createAccount(address: string): AccountRoot {
    const root: AccountRoot = {
      account: address,
      balance: 0n,
      flags: 0,
      ownerCount: 0,
      sequence: this.openIndex,
      previousTxnId: '0'.repeat(64),
      previousTxnLgrSeq: 0,
    };
    this.state.accounts.set(address, root);
    return root;
  }

  /** Whether rippled's open view would still hold this transaction (open or last closed ledger). */
  holdsRecently(hash: string): boolean {
    const tx = this.txs.get(hash);
    return tx !== undefined && tx.ledgerIndex >= this.openIndex - 1;
  }

  /** Closes the open ledger (validated at once) and opens the next one. */
  close(): ClosedLedger {
    const index = this.openIndex;
    const parentHash = this.closed.length > 0 ? this.validated.hash : '0'.repeat(64);
    const closeTime = this.firstCloseTime + LEDGER_INTERVAL_S * (index - this.startLedger);
    const txs = this.openTxs;
    this.openTxs = [];
    const seed = `keystead-xrpl-fixture-ledger|${index}|${parentHash}|${closeTime}|${txs.map((t) => t.hash)}`;
    const ledger: ClosedLedger = {
      index,
      hash: toHex(sha512Half(utf8ToBytes(seed))),
      parentHash,
      closeTime,
      txs,
      state: structuredClone(this.state),
      totalDrops: this.totalDrops,
    };
    for (const tx of txs) tx.validated = true;
    this.closed.push(ledger);
    return ledger;
  }
}
