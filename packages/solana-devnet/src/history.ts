// Every transaction the devnet applied, kept in memory for getTransaction, getSignatureStatuses,
// getSignaturesForAddress and getRecentPrioritizationFees. Nothing is ever pruned: a devnet lives
// for one test run or one dev session.
import type { VersionedTransaction } from '@solana/web3.js';
import type { TxErrorJson } from './errors.js';
import type { TokenBalance } from './tokens.js';

export interface TxMeta {
  err: TxErrorJson | null;
  fee: number;
  preBalances: number[];
  postBalances: number[];
  logMessages: string[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  innerInstructions: Array<{ index: number; instructions: unknown[] }>;
  computeUnitsConsumed: number;
}

export interface TxRecord {
  signature: string;
  slot: number;
  blockTime: number;
  /** The transaction exactly as it was sent (wire bytes). */
  raw: Uint8Array;
  tx: VersionedTransaction;
  /** All accounts in account-index order (lookup-table ones included) and the writable ones. */
  keys: string[];
  writable: string[];
  loaded: { writable: string[]; readonly: string[] };
  meta: TxMeta;
  /** The compute-unit price it paid, in micro-lamports (0 without SetComputeUnitPrice). */
  computeUnitPrice: number;
  /** Its memos as a node reports them: "[len] text", joined with "; "; null when none. */
  memo: string | null;
}

export type TxListener = (record: TxRecord) => void;

export class History {
  private readonly records: TxRecord[] = [];
  private readonly bySignature = new Map<string, TxRecord>();
  /** address → the signatures of the transactions that named it, oldest first. */
  private readonly byAddress = new Map<string, string[]>();
  private readonly listeners = new Set<TxListener>();

  add(record: TxRecord): void {
    this.records.push(record);
    this.bySignature.set(record.signature, record);
    for (const address of new Set(record.keys)) {
      const list = this.byAddress.get(address) ?? [];
      list.push(record.signature);
      this.byAddress.set(address, list);
    }
    for (const listener of this.listeners) listener(record);
  }

  get size(): number {
    return this.records.length;
  }

  get(signature: string): TxRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Calls `listener` with each transaction applied from now on; returns the unsubscribe function. */
  onApplied(listener: TxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Newest first, starting after `before` and stopping at `until` (both exclusive). */
  signaturesFor(address: string, options: { before?: string; until?: string; limit: number }): TxRecord[] {
    const signatures = this.byAddress.get(address) ?? [];
    let end = signatures.length;
    if (options.before !== undefined) {
      const at = signatures.lastIndexOf(options.before);
      end = at === -1 ? 0 : at; // an unknown `before` matches nothing, as on a node
    }
    const out: TxRecord[] = [];
    for (let i = end - 1; i >= 0 && out.length < options.limit; i--) {
      if (signatures[i] === options.until) break;
      const record = this.bySignature.get(signatures[i] as string);
      if (record) out.push(record);
    }
    return out;
  }

  /**
   * The lowest compute-unit price paid in each of the slots since `fromSlot` that hold a
   * transaction (writing to one of `addresses`, when given), oldest first.
   */
  prioritizationFees(
    fromSlot: number,
    addresses: string[],
  ): Array<{ slot: number; prioritizationFee: number }> {
    const lowest = new Map<number, number>();
    for (let i = this.records.length - 1; i >= 0; i--) {
      const record = this.records[i] as TxRecord;
      if (record.slot < fromSlot) break;
      if (addresses.length > 0 && !addresses.some((a) => record.writable.includes(a))) continue;
      const seen = lowest.get(record.slot);
      lowest.set(record.slot, Math.min(seen ?? Infinity, record.computeUnitPrice));
    }
    return [...lowest]
      .map(([slot, prioritizationFee]) => ({ slot, prioritizationFee }))
      .sort((a, b) => a.slot - b.slot);
  }
}
