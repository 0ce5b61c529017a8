import { BitcoinError } from './errors';

/** An unspent output of the wallet, with where it sits in the wallet (branch/index). */
export interface WalletUtxo {
  txid: string;
  vout: number;
  value: bigint;
  branch: 0 | 1;
  index: number;
  /** 0 while in the mempool. */
  confirmations?: number;
  /** Raw previous transaction (needed for P2SH inputs, i.e. Bitcoin Cash). */
  prevTxHex?: string;
}

export interface SelectionCosts {
  /** Fee of a transaction with `inputs` inputs, with or without a change output. */
  feeOf(inputs: number, withChange: boolean): bigint;
  /** Change below this is not created (it goes to the fee). */
  changeDust: bigint;
}

export interface Selection {
  inputs: WalletUtxo[];
  fee: bigint;
  /** 0n when there is no change output. */
  change: bigint;
}

const BNB_TRIES = 100_000;

/**
 * Picks inputs to pay `target` plus fee: first branch-and-bound for a changeless match (no
 * change output is cheaper and leaks less), then largest-first with change.
 * Throws UTXO_SHORTAGE_ERROR when the UTXOs do not cover the amount, and
 * TRANSFER_FEE_EXCEEDS_BALANCE_ERROR when they cover the amount but not the fee.
 */
export function selectCoins(utxos: WalletUtxo[], target: bigint, costs: SelectionCosts): Selection {
  const total = utxos.reduce((s, u) => s + u.value, 0n);
  if (utxos.length === 0 || total < target) {
    throw new BitcoinError('UTXO_SHORTAGE_ERROR', `unspent outputs hold ${total} sat, ${target} sat needed`);
  }
  const sorted = [...utxos].sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1));
  return branchAndBound(sorted, target, costs) ?? largestFirst(sorted, target, costs, total);
}

/** Spends exactly the given UTXOs (manual choice); the rest after amount and fee is change. */
export function spendChosen(chosen: WalletUtxo[], target: bigint, costs: SelectionCosts): Selection {
  const total = chosen.reduce((s, u) => s + u.value, 0n);
  if (chosen.length === 0 || total < target) {
    throw new BitcoinError('UTXO_SHORTAGE_ERROR', `chosen outputs hold ${total} sat, ${target} sat needed`);
  }
  return settle(chosen, total, target, costs);
}

function settle(inputs: WalletUtxo[], total: bigint, target: bigint, costs: SelectionCosts): Selection {
  const feeWithChange = costs.feeOf(inputs.length, true);
  const change = total - target - feeWithChange;
  if (change >= costs.changeDust) return { inputs, fee: feeWithChange, change };
  const feeNoChange = costs.feeOf(inputs.length, false);
  if (total - target < feeNoChange) {
    throw new BitcoinError(
      'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
      `fee ${feeNoChange} sat does not fit in the balance left after the amount`,
    );
  }
  // The remainder is below dust: it goes to the miner rather than into an unspendable output.
  return { inputs, fee: total - target, change: 0n };
}

function largestFirst(sorted: WalletUtxo[], target: bigint, costs: SelectionCosts, total: bigint): Selection {
  let sum = 0n;
  for (let i = 0; i < sorted.length; i++) {
    sum += sorted[i]!.value;
    const n = i + 1;
    if (sum >= target + costs.feeOf(n, true) + costs.changeDust || sum >= target + costs.feeOf(n, false)) {
      return settle(sorted.slice(0, n), sum, target, costs);
    }
  }
  const allFee = costs.feeOf(sorted.length, false);
  throw new BitcoinError(
    'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
    `balance ${total} sat cannot pay ${target} sat plus fee ${allFee} sat`,
  );
}

/**
 * Depth-first search (as in Bitcoin Core's SelectCoinsBnB) for a set whose effective value
 * lands within [target, target + cost of change]; the excess becomes fee.
 */
function branchAndBound(sorted: WalletUtxo[], target: bigint, costs: SelectionCosts): Selection | null {
  const perInput = Number(costs.feeOf(2, false) - costs.feeOf(1, false));
  const base = Number(costs.feeOf(0, false));
  const effective = sorted.map((u) => Number(u.value) - perInput);
  const costOfChange = Number(costs.feeOf(1, true) - costs.feeOf(1, false) + costs.changeDust);
  const goal = Number(target) + base;
  let available = effective.reduce((s, v) => (v > 0 ? s + v : s), 0);
  if (available < goal) return null;
  const chosen: boolean[] = [];
  let best: boolean[] | null = null;
  let bestWaste = Infinity;
  let value = 0;
  let tries = 0;
  let depth = 0;
  while (tries++ < BNB_TRIES) {
    let backtrack = false;
    if (value + available < goal || value > goal + costOfChange) backtrack = true;
    else if (value >= goal) {
      const waste = value - goal;
      if (waste < bestWaste) {
        bestWaste = waste;
        best = chosen.slice(0, depth);
      }
      backtrack = true;
    }
    if (backtrack) {
      // Walk back to the last included output and try excluding it.
      while (depth > 0 && !chosen[depth - 1]) {
        depth--;
        available += Math.max(effective[depth]!, 0);
      }
      if (depth === 0) break;
      chosen[depth - 1] = false;
      value -= effective[depth - 1]!;
    } else if (depth < sorted.length) {
      const v = effective[depth]!;
      available -= Math.max(v, 0);
      if (v <= 0) {
        chosen[depth++] = false;
        continue;
      }
      chosen[depth++] = true;
      value += v;
    } else {
      while (depth > 0 && !chosen[depth - 1]) {
        depth--;
        available += Math.max(effective[depth]!, 0);
      }
      if (depth === 0) break;
      chosen[depth - 1] = false;
      value -= effective[depth - 1]!;
    }
  }
  if (!best) return null;
  const inputs = sorted.filter((_, i) => best![i]);
  const sum = inputs.reduce((s, u) => s + u.value, 0n);
  const fee = sum - target;
  if (fee < costs.feeOf(inputs.length, false)) return null;
  return { inputs, fee, change: 0n };
}
