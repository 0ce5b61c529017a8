import { parseGwei } from 'viem';
import { ChainError } from '../errors';
import type { FeeTierName, FeeTiers } from '../types';
import type { EvmContext } from './context';
import { rethrowTransport } from './rpc';

/** Blocks looked back and the reward percentiles for slow / standard / fast. */
export const FEE_HISTORY_BLOCKS = 20;
export const FEE_PERCENTILES: Record<FeeTierName, number> = { slow: 10, standard: 50, fast: 90 };
/** maxFeePerGas = baseFee × factor + tip: headroom for base-fee rises (12.5 % per full block). */
const BASE_FEE_FACTOR: Record<FeeTierName, [bigint, bigint]> = {
  slow: [3n, 2n],
  standard: [2n, 1n],
  fast: [5n, 2n],
};

/**
 * Floors for the priority fee, per chain: empty blocks report a 0 tip, which would leave the
 * transaction behind anyone tipping 1 wei. Polygon's validators refuse tips under 25 gwei;
 * L2 sequencers order by arrival, so a tiny tip suffices there.
 */
export function defaultMinPriorityFee(chainId: number): bigint {
  switch (chainId) {
    case 137:
      return parseGwei('30');
    case 10:
    case 8453:
    case 42161:
      return parseGwei('0.001');
    case 56:
      return parseGwei('0.1');
    default:
      return parseGwei('0.1');
  }
}

function median(values: bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** EIP-1559 tiers from eth_feeHistory (one request); legacy gasPrice when the chain has no base fee. */
export async function getFeeTiers(ctx: EvmContext, minPriorityFee: bigint): Promise<FeeTiers> {
  const names: FeeTierName[] = ['slow', 'standard', 'fast'];
  let history;
  try {
    history = await ctx.client.getFeeHistory({
      blockCount: FEE_HISTORY_BLOCKS,
      blockTag: 'latest',
      rewardPercentiles: names.map((n) => FEE_PERCENTILES[n]),
    });
  } catch (error) {
    rethrowTransport(error, 'eth_feeHistory');
    history = null;
  }
  const nextBaseFee = history?.baseFeePerGas.at(-1);
  if (!history || nextBaseFee === undefined) {
    try {
      const gasPrice = await ctx.client.getGasPrice();
      const quote = { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice };
      return { unit: 'gwei', tiers: { slow: quote, standard: quote, fast: quote } };
    } catch (error) {
      throw new ChainError('RPC_ERROR', 'no fee data from the node', { cause: error });
    }
  }
  const tiers = {} as FeeTiers['tiers'];
  let previousTip = 0n;
  names.forEach((name, i) => {
    const rewards = (history.reward ?? []).map((row) => row[i] ?? 0n);
    let tip = median(rewards);
    if (tip < minPriorityFee) tip = minPriorityFee;
    if (tip < previousTip) tip = previousTip; // slow ≤ standard ≤ fast
    previousTip = tip;
    const [num, den] = BASE_FEE_FACTOR[name];
    tiers[name] = { maxFeePerGas: (nextBaseFee * num) / den + tip, maxPriorityFeePerGas: tip };
  });
  return { unit: 'gwei', tiers };
}
