import { formatGwei, parseGwei } from 'viem';
import type { EvmAdapter, FeeTierName } from '@keystead/chains';
import { AppError } from '../../lib/app-error';

export type FeeTierChoice = FeeTierName | 'custom';

export interface GasPrice {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The fee tiers now, in Gwei strings for the wizard (refreshed by it every 30 s). */
export async function feeTiersInGwei(chain: EvmAdapter) {
  const { tiers } = await chain.getFeeTiers().catch(() => {
    throw new AppError('FEE_RATE_ERROR');
  });
  const present = (name: FeeTierName) => ({
    max_fee_gwei: formatGwei(tiers[name].maxFeePerGas ?? 0n),
    priority_fee_gwei: formatGwei(tiers[name].maxPriorityFeePerGas ?? 0n),
  });
  return {
    unit: 'gwei' as const,
    tiers: { slow: present('slow'), standard: present('standard'), fast: present('fast') },
    native_symbol: chain.info.nativeSymbol,
    refreshed_at: new Date().toISOString(),
  };
}

/**
 * The gas price a broadcast offers: the chosen tier as quoted now, or the custom max fee (whose
 * tip is capped by it). A zero custom fee is refused with its catalogue code.
 */
export async function gasPriceFor(
  chain: EvmAdapter,
  tier: FeeTierChoice,
  customGwei: string | null | undefined,
): Promise<GasPrice> {
  const { tiers } = await chain.getFeeTiers().catch(() => {
    throw new AppError('FEE_RATE_ERROR');
  });
  if (tier === 'custom') {
    if (!customGwei) throw new AppError('TRANSFER_FEE_ZERO_ERROR');
    const maxFeePerGas = parseGwei(customGwei);
    if (maxFeePerGas === 0n) throw new AppError('TRANSFER_FEE_ZERO_ERROR');
    const tip = tiers.standard.maxPriorityFeePerGas ?? 0n;
    return { maxFeePerGas, maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas };
  }
  const quote = tiers[tier];
  return { maxFeePerGas: quote.maxFeePerGas ?? 0n, maxPriorityFeePerGas: quote.maxPriorityFeePerGas ?? 0n };
}

/** A replacement must raise both fees by at least 12.5 % (nodes require 10 %; a margin helps). */
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
