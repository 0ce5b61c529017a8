import { encodeFunctionData, erc20Abi } from 'viem';
import {
  FamilyError,
  type FamilyWallet,
  type PreparedTransfer,
  type Reservations,
  type TransferIntent,
} from '../family';
import type { TronAdapter, TronAccount } from './adapter';
import { tronEvmWord } from './address';
import { ACTIVE_PERMISSION_ID } from './permissions';
import { tronKeysOf } from './family-setup';
import {
  referenceOf,
  triggerContract,
  tronTransaction,
  trxTransferContract,
  type TronTransaction,
} from './transaction';

/** Tron's longest transaction lifetime (java-tron's maxExpiration): the spec's 24 h signing timeout. */
export const SIGNING_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A signature's bytes in the transaction (65) plus its protobuf tag and length. */
const SIGNATURE_BYTES = 67;
/** Bandwidth counts the transaction's bytes plus its 64-byte result. */
const RESULT_BYTES = 64;
/** fee_limit over the estimated energy cost: room for a price change or a busier contract. */
const FEE_LIMIT_FACTOR = 2n;

export interface TronTransferState {
  account: TronAccount;
  params: Record<string, number>;
  head: { blockID: string; number: number; timestamp: number };
  freeBandwidth: number;
  /** The token balance, or null for TRX. */
  tokenBalance: bigint | null;
  /** Energy the TRC20 call needs, or 0 for TRX. */
  energy: number;
  /** Whether the recipient's account exists (paying TRX to a new account activates it, for a fee). */
  recipientExists: boolean;
}

const dataOf = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [tronEvmWord(to), amount] });

export async function readTronTransferState(
  chain: TronAdapter,
  wallet: FamilyWallet,
  intent: TransferIntent,
): Promise<TronTransferState> {
  if (intent.outputs.length !== 1) throw new FamilyError('TRANSFER_BATCH_UNSUPPORTED_ERROR');
  const [output] = intent.outputs;
  const contract = intent.token?.contract ?? null;
  const [account, params, head, freeBandwidth, recipient] = await Promise.all([
    chain.account(wallet.address),
    chain.chainParameters(),
    chain.headBlock(),
    chain.freeBandwidth(wallet.address),
    chain.account(output!.to),
  ]);
  if (!account.exists) throw new FamilyError('TRON_ACTIVATION_REQUIRED_ERROR');
  const tokenBalance = contract ? await chain.trc20Balance(contract, wallet.address) : null;
  let energy = 0;
  if (contract && output!.amount > 0n && tokenBalance !== null && tokenBalance >= output!.amount) {
    energy = await chain
      .estimateEnergy(wallet.address, contract, dataOf(output!.to, output!.amount))
      .catch(() => {
        throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
      });
  }
  return { account, params, head, freeBandwidth, tokenBalance, energy, recipientExists: recipient.exists };
}

/** The transaction, and the most it may burn in TRX: energy, bandwidth, multisig fee, activation. */
function draft(wallet: FamilyWallet, intent: TransferIntent, state: TronTransferState, amount: bigint) {
  const keys = tronKeysOf(wallet.keys);
  const to = intent.outputs[0]!.to;
  const contract = intent.token?.contract ?? null;
  const p = (key: string) => BigInt(state.params[key] ?? 0);
  const energyFee = BigInt(state.energy) * p('getEnergyFee');
  const feeLimit = contract
    ? energyFee > 0n
      ? energyFee * FEE_LIMIT_FACTOR
      : p('getEnergyFee') * 100_000n
    : undefined;
  const tx = tronTransaction(
    contract
      ? triggerContract(wallet.address, contract, dataOf(to, amount), ACTIVE_PERMISSION_ID)
      : trxTransferContract(wallet.address, to, amount, ACTIVE_PERMISSION_ID),
    referenceOf(state.head, SIGNING_WINDOW_MS),
    feeLimit,
  );
  // Every key may sign: the bytes of all their signatures bound the bandwidth.
  const bytes = tx.raw_data_hex.length / 2 + keys.signers.length * SIGNATURE_BYTES + RESULT_BYTES;
  const bandwidthFee = state.freeBandwidth >= bytes ? 0n : BigInt(bytes) * p('getTransactionFee');
  const activation =
    !contract && !state.recipientExists
      ? p('getCreateNewAccountFeeInSystemContract') + p('getCreateAccountFee')
      : 0n;
  const multisig = p('getMultiSignFee');
  const fee = energyFee + bandwidthFee + activation + multisig;
  return {
    tx,
    bytes,
    fee,
    feeLimit: feeLimit ?? 0n,
    parts: {
      energy: state.energy,
      energy_fee: energyFee,
      bandwidth_bytes: bytes,
      bandwidth_fee: bandwidthFee,
      multisig_fee: multisig,
      activation_fee: activation,
    },
  };
}

/** TRX the wallet has for fees after what other active transfers hold (TRX transfers hold TRX). */
const spendableTrx = (state: TronTransferState, intent: TransferIntent, held: Reservations) =>
  state.account.balance - (intent.token ? 0n : held.lockedAmount);

export function buildTronTransfer(
  wallet: FamilyWallet,
  intent: TransferIntent,
  state: TronTransferState,
  held: Reservations,
): PreparedTransfer {
  const amount = intent.outputs[0]!.amount;
  if (amount <= 0n) throw new FamilyError('TRANSFER_VOLUME_ZERO_ERROR');
  const built = draft(wallet, intent, state, amount);
  if (intent.token) {
    if ((state.tokenBalance ?? 0n) - held.lockedAmount < amount)
      throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    // The burn is bounded by fee_limit for the energy; the wallet's TRX must cover it.
    if (state.account.balance < built.fee) throw new FamilyError('TRANSFER_FEE_EXCEEDS_BALANCE_ERROR');
  } else if (spendableTrx(state, intent, held) < amount + built.fee) {
    throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
  }
  return prepared(wallet, built.tx, amount, built.fee, built.bytes, {
    to: intent.outputs[0]!.to,
    token: intent.token?.contract ?? null,
    permission_id: ACTIVE_PERMISSION_ID,
    fee_limit: built.feeLimit.toString(),
    fee_parts: Object.fromEntries(Object.entries(built.parts).map(([k, v]) => [k, v.toString()])),
  });
}

export function prepared(
  wallet: FamilyWallet,
  tx: TronTransaction,
  amount: bigint,
  fee: bigint | null,
  bytes: number | null,
  details: Record<string, unknown>,
): PreparedTransfer {
  return {
    payload: JSON.stringify(tx),
    payloadHash: tx.txID,
    sequence: null,
    signingThreshold: tronKeysOf(wallet.keys).threshold,
    amount,
    inputs: [],
    usedChangeIndex: false,
    fee: { total: fee, rate: null, vsize: bytes },
    details: { ...details, expiration: new Date(tx.raw_data.expiration).toISOString() },
  };
}

export function tronMaxSendable(
  wallet: FamilyWallet,
  intent: TransferIntent,
  state: TronTransferState,
  held: Reservations,
): { amount: bigint; fee: bigint | null } {
  if (intent.token) {
    const amount = (state.tokenBalance ?? 0n) - held.lockedAmount;
    return { amount: amount > 0n ? amount : 0n, fee: null };
  }
  const fee = draft(wallet, intent, state, 1n).fee;
  const amount = spendableTrx(state, intent, held) - fee;
  return { amount: amount > 0n ? amount : 0n, fee };
}
