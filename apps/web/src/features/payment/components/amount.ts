import { formatUnits, parseUnits } from 'viem';

/**
 * An amount in the chain's smallest unit (lamports, wei…) as a decimal string with exactly
 * `decimals` places shifted — bigint arithmetic, no floats, no rounding — its whole part grouped
 * by thousands and trailing zeros dropped: "2000000000", 9 → "2"; "5000", 9 → "0.000005".
 * Null when the text is not an integer.
 */
export function formatSmallestUnit(value: string, decimals: number): string | null {
  if (!/^-?\d+$/.test(value.trim())) return null;
  const text = formatUnits(BigInt(value.trim()), decimals);
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** `text` in the smallest unit, or null when it is not a positive decimal with at most `decimals` places. */
export function toSmallestUnit(text: string, decimals: number): bigint | null {
  const value = text.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match || (match[2]?.length ?? 0) > decimals) return null;
  try {
    return parseUnits(value, decimals);
  } catch {
    return null;
  }
}
