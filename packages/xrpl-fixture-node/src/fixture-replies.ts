// SYNTHETIC: the JSON the fixture node prints for its ledger entries, ledgers and transactions, in
// rippled's API v1 shapes (field names, string drops, upper-hex ids). The values are the fixture's.
import { utf8ToBytes } from '@noble/hashes/utils';
import { formatDecimal, negateDecimal, ZERO, type Decimal } from './decimal.js';
import {
  ledgerEntryId,
  LSF_HIGH_RESERVE,
  LSF_LOW_RESERVE,
  LSF_ONE_OWNER_COUNT,
  RIPPLE_EPOCH_OFFSET,
  type AccountRoot,
  type ClosedLedger,
  type FixtureLedger,
  type SignerList,
  type StoredTx,
  type TrustLine,
} from './fixture-ledger.js';
import { compareAccounts, sha512Half, toHex } from './independent.js';

export type Json = Record<string, unknown>;

/** The account of issued-currency Balance fields, ACCOUNT_ONE (account id 0x…01). */
export const ACCOUNT_ONE = 'rrrrrrrrrrrrrrrrrrrrBZbvji';

export const accountRootJson = (r: AccountRoot): Json => ({
  Account: r.account,
  Balance: r.balance.toString(),
  Flags: r.flags,
  LedgerEntryType: 'AccountRoot',
  OwnerCount: r.ownerCount,
  PreviousTxnID: r.previousTxnId,
  PreviousTxnLgrSeq: r.previousTxnLgrSeq,
  Sequence: r.sequence,
  index: ledgerEntryId.account(r.account),
});

export const signerListJson = (list: SignerList): Json => ({
  Flags: LSF_ONE_OWNER_COUNT,
  LedgerEntryType: 'SignerList',
  OwnerNode: '0',
  PreviousTxnID: list.previousTxnId,
  PreviousTxnLgrSeq: list.previousTxnLgrSeq,
  SignerEntries: list.entries.map((e) => ({ SignerEntry: { Account: e.account, SignerWeight: e.weight } })),
  SignerListID: 0,
  SignerQuorum: list.quorum,
  index: ledgerEntryId.signerList(list.owner),
});

const amount = (currency: string, issuer: string, value: Decimal) => ({
  currency,
  issuer,
  value: formatDecimal(value),
});

/** A trust line as its RippleState entry: the lower account id is "Low", Balance is on its side. */
export function rippleStateJson(line: TrustLine): Json {
  const holderIsLow = compareAccounts(line.holder, line.issuer) < 0;
  const [low, high] = holderIsLow ? [line.holder, line.issuer] : [line.issuer, line.holder];
  return {
    Balance: amount(line.currency, ACCOUNT_ONE, holderIsLow ? line.balance : negateDecimal(line.balance)),
    Flags: holderIsLow ? LSF_LOW_RESERVE : LSF_HIGH_RESERVE,
    HighLimit: amount(line.currency, high, holderIsLow ? ZERO : line.limit),
    HighNode: '0',
    LedgerEntryType: 'RippleState',
    LowLimit: amount(line.currency, low, holderIsLow ? line.limit : ZERO),
    LowNode: '0',
    PreviousTxnID: line.previousTxnId,
    PreviousTxnLgrSeq: line.previousTxnLgrSeq,
    index: ledgerEntryId.rippleState(line.holder, line.issuer, line.currency),
  };
}

/** One account_lines entry seen from `viewer` (the holder or the issuer of the line). */
export function accountLineJson(line: TrustLine, viewer: string): Json {
  const holderView = viewer === line.holder;
  return {
    account: holderView ? line.issuer : line.holder,
    balance: formatDecimal(holderView ? line.balance : negateDecimal(line.balance)),
    currency: line.currency,
    limit: formatDecimal(holderView ? line.limit : ZERO),
    limit_peer: formatDecimal(holderView ? ZERO : line.limit),
    quality_in: 0,
    quality_out: 0,
  };
}

/** AccountRoot flags as account_info's account_flags names them. */
export function accountFlagsJson(flags: number): Json {
  return {
    defaultRipple: (flags & 0x00800000) !== 0,
    depositAuth: (flags & 0x01000000) !== 0,
    disableMasterKey: (flags & 0x00100000) !== 0,
    disallowIncomingXRP: (flags & 0x00080000) !== 0,
    globalFreeze: false,
    noFreeze: false,
    passwordSpent: false,
    requireAuthorization: (flags & 0x00040000) !== 0,
    requireDestinationTag: (flags & 0x00020000) !== 0,
  };
}

/** 'YYYY-Mon-DD HH:MM:SS.000000000 UTC', as rippled prints close_time_human. */
export function closeTimeHuman(rippleSeconds: number): string {
  const d = new Date((rippleSeconds + RIPPLE_EPOCH_OFFSET) * 1000);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${d.getUTCFullYear()}-${month}-${pad(d.getUTCDate())} ${time}.000000000 UTC`;
}

const syntheticHash = (text: string) => toHex(sha512Half(utf8ToBytes(text)));

export function ledgerHeaderJson(ledger: ClosedLedger, parentCloseTime: number): Json {
  return {
    accepted: true,
    account_hash: syntheticHash(`state|${ledger.hash}`), // SYNTHETIC: the fixture keeps no SHAMap
    close_flags: 0,
    close_time: ledger.closeTime,
    close_time_human: closeTimeHuman(ledger.closeTime),
    close_time_iso: new Date((ledger.closeTime + RIPPLE_EPOCH_OFFSET) * 1000)
      .toISOString()
      .replace('.000', ''),
    close_time_resolution: 10,
    closed: true,
    ledger_hash: ledger.hash,
    ledger_index: String(ledger.index),
    parent_close_time: parentCloseTime,
    parent_hash: ledger.parentHash,
    total_coins: ledger.totalDrops.toString(),
    transaction_hash: syntheticHash(`txs|${ledger.txs.map((t) => t.hash)}`),
  };
}

/** A transaction with hash (and, once in a closed ledger, ledger_index, inLedger and date). */
export function txWithLedgerFields(fixture: FixtureLedger, stored: StoredTx): Json {
  if (!stored.validated) return { ...stored.tx, hash: stored.hash };
  const date = fixture.ledger(stored.ledgerIndex)!.closeTime;
  return {
    ...stored.tx,
    date,
    hash: stored.hash,
    inLedger: stored.ledgerIndex,
    ledger_index: stored.ledgerIndex,
  };
}

/** The tx method's reply (API v1): fields at top level, meta and validated once in a closed ledger. */
export function txMethodJson(fixture: FixtureLedger, stored: StoredTx): Json {
  const fields = txWithLedgerFields(fixture, stored);
  return stored.validated
    ? { ...fields, meta: stored.meta, validated: true }
    : { ...fields, validated: false };
}

/** One account_tx entry (API v1): { meta, tx, validated }. */
export const accountTxEntryJson = (fixture: FixtureLedger, stored: StoredTx): Json => ({
  meta: stored.meta,
  tx: txWithLedgerFields(fixture, stored),
  validated: true,
});
