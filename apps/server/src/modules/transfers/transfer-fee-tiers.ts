import { formatGwei } from 'viem';
import type { FamilyAdapter, FeeTierName } from '@keystead/chains';
import { AppError } from '../../lib/app-error';

/** A typical 2-of-3 Safe token transfer's execTransaction gas, for the wizard's fee estimate. */
export const EXEC_GAS_HINT = 120_000n;

/** The fee tiers now in the family's unit (refreshed by the wizard every 30 s). */
export async function feeTiers(adapter: FamilyAdapter) {
  const { tiers } = await adapter.chain.getFeeTiers().catch(() => {
    throw new AppError('FEE_RATE_ERROR');
  });
  if (adapter.capabilities.feeUnit === 'sat/vB') {
    return {
      unit: 'sat/vB' as const,
      slow: tiers.slow.satPerVbyte,
      standard: tiers.standard.satPerVbyte,
      fast: tiers.fast.satPerVbyte,
    };
  }
  const present = (name: FeeTierName) => ({
    max_fee_gwei: formatGwei(tiers[name].maxFeePerGas ?? 0n),
    priority_fee_gwei: formatGwei(tiers[name].maxPriorityFeePerGas ?? 0n),
  });
  return {
    unit: 'gwei' as const,
    tiers: { slow: present('slow'), standard: present('standard'), fast: present('fast') },
    native_symbol: adapter.chain.info.nativeSymbol,
    refreshed_at: new Date().toISOString(),
    gas_limit: EXEC_GAS_HINT.toString(),
  };
}
