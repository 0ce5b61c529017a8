// SYNTHETIC: what rippled does with a submitted transaction, in rippled's order: decode; the local
// signature checks (a failure there is the invalidTransaction error, not an engine result);
// preflight (tem…); Transactor's common preclaim (checkSeqProxy, checkPriorTxAndLastLedger,
// checkFee, checkSign → ter/tef/tel); then the type's transactor. tes and tec results go into the
// open ledger with metadata; every other result leaves the ledger as it was. Signatures are checked
// with independent.ts only.
import { accountSet, signerListSet } from './fixture-account-settings.js';
import {
  ACCOUNT_FLAGS,
  ledgerEntryId,
  type AccountRoot,
  type FixtureLedger,
  type StoredTx,
} from './fixture-ledger.js';
import { payment } from './fixture-payment.js';
import { isDrops, type ApplyContext, type Transactor } from './fixture-transactor.js';
import {
  addressOfPublicKey,
  decodeBlob,
  isClassicAddress,
  signatureProblem,
  signersOf,
  transactionHash,
  type TxJson,
} from './independent.js';
import type { EngineResult } from './results.js';

const TRANSACTORS: Record<string, Transactor> = {
  Payment: payment,
  SignerListSet: signerListSet,
  AccountSet: accountSet,
};

export const SUPPORTED_TRANSACTION_TYPES = Object.keys(TRANSACTORS);

export type SubmitOutcome =
  | { kind: 'invalid'; exception: string }
  | { kind: 'engine'; result: EngineResult; hash: string; blob: string; tx: TxJson };

const isMasterDisabled = (root: AccountRoot | undefined) =>
  root !== undefined && (root.flags & ACCOUNT_FLAGS.lsfDisableMaster) !== 0;

/** Transactor::checkSingleSign without regular keys: only the enabled master key may sign. */
function checkSingleSign(account: AccountRoot, tx: TxJson): EngineResult | undefined {
  if (addressOfPublicKey(String(tx.SigningPubKey)) !== account.account) return 'tefBAD_AUTH';
  return isMasterDisabled(account) ? 'tefMASTER_DISABLED' : undefined;
}

/** Transactor::checkMultiSign: every signer in the list, signing with its own enabled master key. */
function checkMultiSign(ledger: FixtureLedger, account: AccountRoot, tx: TxJson): EngineResult | undefined {
  const list = ledger.state.signerLists.get(account.account);
  if (!list) return 'tefNOT_MULTI_SIGNING';
  let weight = 0;
  for (const signer of signersOf(tx)) {
    const entry = list.entries.find((e) => e.account === signer.Account);
    if (!entry) return 'tefBAD_SIGNATURE';
    // A key that is not the signer's master key could only be its regular key: out of scope.
    if (addressOfPublicKey(signer.SigningPubKey) !== signer.Account) return 'tefBAD_SIGNATURE';
    if (isMasterDisabled(ledger.account(signer.Account))) return 'tefMASTER_DISABLED';
    weight += entry.weight;
  }
  return weight < list.quorum ? 'tefBAD_QUORUM' : undefined;
}

function preflight(tx: TxJson): EngineResult | undefined {
  const transactor = TRANSACTORS[String(tx.TransactionType)];
  if (!transactor) return 'temUNKNOWN';
  if (!isDrops(tx.Fee)) return 'temBAD_FEE';
  return transactor.preflight(tx);
}

function preclaim(ledger: FixtureLedger, tx: TxJson, hash: string): EngineResult | undefined {
  const account = ledger.account(String(tx.Account));
  if (!account) return 'terNO_ACCOUNT';
  const sequence = Number(tx.Sequence ?? 0);
  if (sequence > account.sequence) return 'terPRE_SEQ';
  if (sequence < account.sequence) return ledger.holdsRecently(hash) ? 'tefALREADY' : 'tefPAST_SEQ';
  const last = tx.LastLedgerSequence;
  if (last !== undefined && ledger.openIndex > Number(last)) return 'tefMAX_LEDGER';
  const fee = BigInt(String(tx.Fee));
  // A multi-signed transaction costs the base fee once plus once per signer.
  if (fee < ledger.fees.baseFee * BigInt(1 + signersOf(tx).length)) return 'telINSUF_FEE_P';
  if (account.balance < fee) return 'terINSUF_FEE_B';
  return tx.SigningPubKey === '' ? checkMultiSign(ledger, account, tx) : checkSingleSign(account, tx);
}

const rootFields = (r: AccountRoot) => ({
  Account: r.account,
  Balance: r.balance.toString(),
  Flags: r.flags,
  OwnerCount: r.ownerCount,
  Sequence: r.sequence,
});

/** AccountRoot nodes of the metadata (other entry types are not listed); stamps what changed. */
function accountRootNodes(ctx: ApplyContext, before: Map<string, AccountRoot | undefined>) {
  const nodes: { LedgerIndex: string; node: Record<string, unknown> }[] = [];
  for (const [address, prev] of before) {
    const cur = ctx.ledger.account(address);
    if (!cur) continue;
    const LedgerIndex = ledgerEntryId.account(address);
    const final = rootFields(cur);
    if (!prev) {
      const NewFields = { Account: address, Balance: final.Balance, Sequence: final.Sequence };
      nodes.push({
        LedgerIndex,
        node: { CreatedNode: { LedgerEntryType: 'AccountRoot', LedgerIndex, NewFields } },
      });
    } else {
      const old = rootFields(prev) as Record<string, unknown>;
      const changed = Object.entries(final).filter(([k, v]) => old[k] !== v);
      if (changed.length === 0) continue;
      const PreviousFields = Object.fromEntries(changed.map(([k]) => [k, old[k]]));
      const modified = { FinalFields: final, LedgerEntryType: 'AccountRoot', LedgerIndex, PreviousFields };
      const previous = { PreviousTxnID: prev.previousTxnId, PreviousTxnLgrSeq: prev.previousTxnLgrSeq };
      nodes.push({ LedgerIndex, node: { ModifiedNode: { ...modified, ...previous } } });
    }
    cur.previousTxnId = ctx.hash;
    cur.previousTxnLgrSeq = ctx.ledger.openIndex;
    ctx.touch(address);
  }
  return nodes.sort((a, b) => (a.LedgerIndex < b.LedgerIndex ? -1 : 1)).map((n) => n.node);
}

/** Charges the fee, uses the sequence, runs the transactor and records the result in the open ledger. */
function applyToOpenLedger(ledger: FixtureLedger, tx: TxJson, hash: string, blob: string): EngineResult {
  const account = ledger.account(String(tx.Account))!;
  const fee = BigInt(String(tx.Fee));
  const issuer = (tx.Amount as { issuer?: unknown } | undefined)?.issuer;
  const candidates = [...new Set([tx.Account, tx.Destination, issuer].filter(isClassicAddress))];
  const before = new Map(candidates.map((a) => [a, ledger.account(a) && { ...ledger.account(a)! }]));
  const touched = new Set<string>([account.account]);
  const priorBalance = account.balance;
  account.balance -= fee;
  account.sequence += 1;
  ledger.totalDrops -= fee;
  const signedWithMaster =
    tx.SigningPubKey !== '' && addressOfPublicKey(String(tx.SigningPubKey)) === tx.Account;
  const ctx: ApplyContext = {
    ledger,
    tx,
    hash,
    account,
    priorBalance,
    fee,
    signedWithMaster,
    touch: (a) => touched.add(a),
  };
  const result = TRANSACTORS[String(tx.TransactionType)]!.apply(ctx);
  const meta: Record<string, unknown> = {
    AffectedNodes: accountRootNodes(ctx, before),
    TransactionIndex: ledger.openTxs.length,
    TransactionResult: result,
  };
  if (tx.TransactionType === 'Payment' && result === 'tesSUCCESS') meta.delivered_amount = tx.Amount;
  const stored: StoredTx = {
    hash,
    blob,
    tx,
    result,
    ledgerIndex: ledger.openIndex,
    txIndex: ledger.openTxs.length,
    validated: false,
    meta,
    touches: [...touched],
  };
  ledger.openTxs.push(stored);
  ledger.txs.set(hash, stored);
  return result;
}

/** A signed blob (hex) → rippled's verdict; tes/tec ones are in the open ledger afterwards. */
export function submitBlob(ledger: FixtureLedger, blobHex: string): SubmitOutcome {
  const blob = blobHex.toUpperCase();
  let tx: TxJson;
  let problem: string | undefined;
  try {
    tx = decodeBlob(blob);
    problem = signatureProblem(tx);
  } catch (e) {
    return { kind: 'invalid', exception: (e as Error).message };
  }
  if (problem) return { kind: 'invalid', exception: `fails local checks: ${problem}` };
  const hash = transactionHash(blob);
  const refusal = preflight(tx) ?? preclaim(ledger, tx, hash);
  const result = refusal ?? applyToOpenLedger(ledger, tx, hash, blob);
  return { kind: 'engine', result, hash, blob, tx };
}
