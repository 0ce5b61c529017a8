import {
  FamilyError,
  type FamilyWallet,
  type PreparedTransfer,
  type Reservations,
  type TransferIntent,
} from '../family';
import type { TrustLine, XrplAccount, XrplAdapter, XrplLedgerState } from './adapter';
import { destinationOf } from './address';
import { issuedKey, issuedOf, unitsOf, valueOf, ISSUED_DECIMALS } from './amounts';
import type { XrpTx } from './codec';
import { xrpKeysOf } from './family-setup';

/**
 * Ledgers a multisigned payment stays signable (LastLedgerSequence): about a day at the fastest
 * close of 3 s, longer at the usual 3.5–4 s — so the window shown never outlasts the ledger's.
 */
export const WINDOW_LEDGERS = 28_800;
export const FASTEST_LEDGER_MS = 3_000;

export interface XrpTransferState {
  account: XrplAccount;
  ledger: XrplLedgerState;
  /** Drops per transaction cost unit now (open ledger fee, at least the base fee). */
  openFee: bigint;
  destination: XrplAccount;
  tag: number | null;
  /** Token transfers: the wallet's and the destination's trust lines. */
  lines: TrustLine[];
  destinationLines: TrustLine[];
}

/** The payload: the transaction every signer signs, the signatures so far, and its window's end. */
export interface XrpPayload {
  tx_json: XrpTx;
  signers: { Signer: { Account: string; SigningPubKey: string; TxnSignature: string } }[];
  expires_at: string;
}

export async function readXrpTransferState(
  chain: XrplAdapter,
  wallet: FamilyWallet,
  intent: TransferIntent,
): Promise<XrpTransferState> {
  if (intent.outputs.length !== 1) throw new FamilyError('TRANSFER_BATCH_UNSUPPORTED_ERROR');
  const output = intent.outputs[0]!;
  const { account: to, tag } = destinationOf(output.to, output.tag);
  if (to === wallet.address) throw new FamilyError('TRANSFER_TO_SELF_ERROR');
  const token = !!intent.token;
  const [account, ledger, openFee, destination, lines, destinationLines] = await Promise.all([
    chain.account(wallet.address),
    chain.ledgerState(),
    chain.openLedgerFee(),
    chain.account(to),
    token ? chain.trustLines(wallet.address) : [],
    token ? chain.trustLines(to) : [],
  ]);
  if (!account.exists) throw new FamilyError('WALLET_STATUS_ERROR');
  return { account, ledger, openFee, destination, tag, lines, destinationLines };
}

/** Drops per signature slot at the chosen tier; a multisigned tx pays (1 + signers) of them. */
function feePerSlot(intent: TransferIntent, state: XrpTransferState): bigint {
  const { fee } = intent;
  if (fee.tier === 'custom') {
    if (!/^\d{1,9}$/.test(fee.rate) || BigInt(fee.rate) < state.ledger.baseFee)
      throw new FamilyError('TRANSFER_FEE_TOO_LOW_ERROR');
    return BigInt(fee.rate);
  }
  const factor = { slow: 2n, standard: 3n, fast: 4n }[fee.tier];
  return (state.openFee * factor) / 2n;
}

/** What the account must keep: the base reserve and one owner reserve per object it owns. */
export const reserveOf = (state: Pick<XrpTransferState, 'account' | 'ledger'>) =>
  state.ledger.reserveBase + state.ledger.reserveInc * BigInt(state.account.ownerCount);

function feeOf(wallet: FamilyWallet, intent: TransferIntent, state: XrpTransferState) {
  const slots = BigInt(1 + xrpKeysOf(wallet.keys).signers.length);
  const perSlot = feePerSlot(intent, state);
  return { perSlot, fee: perSlot * slots };
}

const lineUnits = (lines: TrustLine[], key: string) => {
  const line = lines.find((l) => issuedKey(l) === key);
  return line ? unitsOf(line.balance) : null;
};

/** The payment's Amount: drops, or the issued currency's value with its issuer. */
function amountField(intent: TransferIntent, amount: bigint) {
  if (!intent.token) return amount.toString();
  const { currency, issuer } = issuedOf(intent.token.contract!);
  return { currency, issuer, value: valueOf(amount, intent.token.decimals ?? ISSUED_DECIMALS) };
}

function checkRecipient(intent: TransferIntent, state: XrpTransferState, amount: bigint) {
  const { destination, ledger } = state;
  if (destination.requireDestTag && state.tag === null)
    throw new FamilyError('XRP_DESTINATION_TAG_REQUIRED_ERROR');
  if (!intent.token) {
    // A payment creates a missing account only if it brings the base reserve.
    if (!destination.exists && amount < ledger.reserveBase)
      throw new FamilyError('XRP_ACTIVATION_RESERVE_ERROR', { param: valueOf(ledger.reserveBase) });
    return;
  }
  const issued = issuedOf(intent.token.contract!);
  if (!destination.exists)
    throw new FamilyError('XRP_ACTIVATION_RESERVE_ERROR', { param: valueOf(ledger.reserveBase) });
  if (destination.address !== issued.issuer && lineUnits(state.destinationLines, issuedKey(issued)) === null)
    throw new FamilyError('XRP_TRUST_LINE_MISSING_ERROR');
}

export function buildXrpTransfer(
  wallet: FamilyWallet,
  intent: TransferIntent,
  state: XrpTransferState,
  held: Reservations,
): PreparedTransfer {
  // One task per wallet: each takes the account's next Sequence, and a later one could not be validated first.
  if (held.highestSequence !== null) throw new FamilyError('XRP_TASK_IN_PROGRESS_ERROR');
  const amount = intent.outputs[0]!.amount;
  if (amount <= 0n) throw new FamilyError('TRANSFER_VOLUME_ZERO_ERROR');
  const { perSlot, fee } = feeOf(wallet, intent, state);
  const free = state.account.balance - reserveOf(state);
  if (intent.token) {
    const key = issuedKey(issuedOf(intent.token.contract!));
    if ((lineUnits(state.lines, key) ?? 0n) - held.lockedAmount < amount)
      throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    if (free < fee) throw new FamilyError('TRANSFER_FEE_RESERVE_INSUFFICIENT_ERROR');
  } else if (free - held.lockedAmount < amount + fee) {
    throw new FamilyError(
      state.account.balance - held.lockedAmount >= amount + fee
        ? 'TRANSFER_FEE_RESERVE_INSUFFICIENT_ERROR'
        : 'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
    );
  }
  checkRecipient(intent, state, amount);
  const tx: XrpTx = {
    TransactionType: 'Payment',
    Account: wallet.address,
    Destination: state.destination.address,
    Amount: amountField(intent, amount),
    ...(state.tag !== null ? { DestinationTag: state.tag } : {}),
    Fee: fee.toString(),
    Flags: 0,
    Sequence: state.account.sequence,
    LastLedgerSequence: state.ledger.ledgerIndex + WINDOW_LEDGERS,
    SigningPubKey: '',
  };
  const expiresAt = new Date(Date.now() + WINDOW_LEDGERS * FASTEST_LEDGER_MS);
  const payload: XrpPayload = { tx_json: tx, signers: [], expires_at: expiresAt.toISOString() };
  return {
    payload: JSON.stringify(payload),
    payloadHash: null,
    sequence: BigInt(state.account.sequence),
    signingThreshold: xrpKeysOf(wallet.keys).threshold,
    amount,
    inputs: [],
    usedChangeIndex: false,
    fee: { total: fee, rate: perSlot.toString(), vsize: null },
    details: {
      to: state.destination.address,
      destination_tag: state.tag,
      token: intent.token?.contract ?? null,
      sequence: state.account.sequence,
      last_ledger_sequence: tx.LastLedgerSequence,
      fee_per_signer: perSlot.toString(),
      reserve: reserveOf(state).toString(),
      expiration: expiresAt.toISOString(),
    },
  };
}

export function xrpMaxSendable(
  wallet: FamilyWallet,
  intent: TransferIntent,
  state: XrpTransferState,
  held: Reservations,
): { amount: bigint; fee: bigint | null } {
  if (intent.token) {
    const units =
      (lineUnits(state.lines, issuedKey(issuedOf(intent.token.contract!))) ?? 0n) - held.lockedAmount;
    return { amount: units > 0n ? units : 0n, fee: null };
  }
  const { fee } = feeOf(wallet, intent, state);
  const amount = state.account.balance - reserveOf(state) - held.lockedAmount - fee;
  return { amount: amount > 0n ? amount : 0n, fee };
}
