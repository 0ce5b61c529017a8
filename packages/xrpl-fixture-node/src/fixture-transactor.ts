// SYNTHETIC: what every transaction type the fixture applies gets from the engine (fixture-engine.ts).
// A transactor's apply() runs after the fee is charged and the sequence used, and it checks
// everything before it changes anything, so a tec result leaves only the fee and the sequence behind.
import type { AccountRoot, FixtureLedger } from './fixture-ledger.js';
import type { TxJson } from './independent.js';
import type { EngineResult } from './results.js';

export interface ApplyContext {
  ledger: FixtureLedger;
  tx: TxJson;
  hash: string;
  /** The sender's AccountRoot in the open ledger, fee already charged. */
  account: AccountRoot;
  /** The sender's balance before the fee (rippled's mPriorBalance). */
  priorBalance: bigint;
  fee: bigint;
  /** Single-signed with the account's own master key. */
  signedWithMaster: boolean;
  /** Marks an account as affected by an entry other than its AccountRoot (for account_tx). */
  touch(address: string): void;
}

export interface Transactor {
  /** Checks of the transaction alone (rippled's preflight); a tem result or undefined. */
  preflight(tx: TxJson): EngineResult | undefined;
  apply(ctx: ApplyContext): EngineResult;
}

/** Stamps an entry as last changed by this transaction (PreviousTxnID / PreviousTxnLgrSeq). */
export function stamp(entry: { previousTxnId: string; previousTxnLgrSeq: number }, ctx: ApplyContext): void {
  entry.previousTxnId = ctx.hash;
  entry.previousTxnLgrSeq = ctx.ledger.openIndex;
}

export const isDrops = (v: unknown): v is string => typeof v === 'string' && /^\d{1,19}$/.test(v);

/** Asks for a flag via SetFlag or a transaction flag, as AccountSet allows both. */
export const wants = (tx: TxJson, asf: number, tf = 0): boolean =>
  tx.SetFlag === asf || (tf !== 0 && (Number(tx.Flags ?? 0) & tf) !== 0);
