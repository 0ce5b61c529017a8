import { formatGwei, parseGwei } from 'viem';
import type { FamilyAdapter, FeeChoice, FeeTierName } from '@keystead/chains';
import { AppError } from '../../lib/app-error';

/** A typical 2-of-3 Safe token transfer's execTransaction gas, for the wizard's fee estimate. */
export const EXEC_GAS_HINT = 120_000n;

/** The chain's fee tiers now; a node that cannot say answers FEE_RATE_ERROR. */
export async function chainFeeTiers(adapter: FamilyAdapter) {
  const { tiers } = await adapter.chain.getFeeTiers().catch(() => {
    throw new AppError('FEE_RATE_ERROR');
  });
  return tiers;
}

/** What one gas costs a broadcaster at a fee choice: the tier's max fee per gas, or the custom Gwei. */
export function gasPriceAt(tiers: Awaited<ReturnType<typeof chainFeeTiers>>, choice: FeeChoice): bigint {
  return choice.tier === 'custom' ? parseGwei(choice.rate) : (tiers[choice.tier].maxFeePerGas ?? 0n);
}

/** The fee tiers now in the family's unit (refreshed by the wizard every 30 s). */
export async function feeTiers(adapter: FamilyAdapter) {
  const tiers = await chainFeeTiers(adapter);
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
