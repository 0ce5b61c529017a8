import { formatUnits } from 'viem';

/**
 * The Bitcoin family's recovery path (a key that alone spends coins `blocks` old): where it is
 * offered, how long a delay in blocks is in time, and amounts in satoshis as coins.
 */

export interface RecoveryKeyDraft {
  xpub: string;
  fingerprint: string;
  path: string;
  blocks: number;
}

export type RecoveryField = 'xpub' | 'fingerprint' | 'path' | 'blocks' | 'section';

/** Segwit chains of the Bitcoin family: Bitcoin and Litecoin, not Bitcoin Cash. */
export const offersTimelockRecovery = (family: string | undefined, chainKey: string) =>
  family === 'BTC' && !chainKey.startsWith('bch');

/** Average block interval in minutes: Litecoin 2.5, Bitcoin 10. */
const blockMinutes = (chainKey: string) => (chainKey.startsWith('ltc') ? 2.5 : 10);

/** A delay in blocks as an approximate time: the unit for i18n keys and a rounded count. */
export function approxDelay(
  blocks: number,
  chainKey: string,
): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = blocks * blockMinutes(chainKey);
  if (minutes < 120) return { unit: 'minutes', count: Math.round(minutes) };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.round(minutes / 60) };
  return { unit: 'days', count: Math.round(minutes / (24 * 60)) };
}

/** Satoshis (a decimal string) as a coin amount, without float rounding. */
export const satToCoin = (sat: string): string => formatUnits(BigInt(sat), 8);
