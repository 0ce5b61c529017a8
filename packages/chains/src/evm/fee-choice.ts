import { parseGwei } from 'viem';
import { FamilyError, type FeeChoice } from '../family';
import type { FeeTiers } from '../types';

export interface GasPrice {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** A custom max fee in Gwei; zero or unreadable is the catalogue's "fee nonzero" (§5). */
export function customGasPrice(gwei: string): bigint {
  let wei: bigint;
  try {
    wei = parseGwei(gwei);
  } catch {
    throw new FamilyError('TRANSFER_FEE_ZERO_ERROR');
  }
  if (wei <= 0n) throw new FamilyError('TRANSFER_FEE_ZERO_ERROR');
  return wei;
}

/** The gas price of a fee choice: the tier as quoted now, or the custom max fee (tip capped by it). */
export function gasPriceOf({ tiers }: FeeTiers, fee: FeeChoice): GasPrice {
  if (fee.tier === 'custom') {
    const maxFeePerGas = customGasPrice(fee.rate);
    const tip = tiers.standard.maxPriorityFeePerGas ?? 0n;
    return { maxFeePerGas, maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas };
  }
  const quote = tiers[fee.tier];
  return { maxFeePerGas: quote.maxFeePerGas ?? 0n, maxPriorityFeePerGas: quote.maxPriorityFeePerGas ?? 0n };
}

/** A replacement raises both fees by at least 12.5 % (nodes require 10 %; a margin helps). */
export function bumpedGasPrice(previous: GasPrice, wanted: GasPrice): GasPrice {
  const bump = (value: bigint) => (value * 1125n) / 1000n + 1n;
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  return {
    maxFeePerGas: max(wanted.maxFeePerGas, bump(previous.maxFeePerGas)),
    maxPriorityFeePerGas: max(wanted.maxPriorityFeePerGas, bump(previous.maxPriorityFeePerGas)),
  };
}

export function isEnoughBump(previous: GasPrice, next: GasPrice): boolean {
  return (
    next.maxFeePerGas * 10n >= previous.maxFeePerGas * 11n &&
    next.maxPriorityFeePerGas * 10n >= previous.maxPriorityFeePerGas * 11n
  );
}
