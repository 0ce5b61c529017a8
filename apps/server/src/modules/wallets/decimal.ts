/**
 * Exact decimal arithmetic on strings for amounts and values (no floating point on money).
 * Values are scaled bigints with a fixed number of fraction digits.
 */
export function toScaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  const negative = whole.startsWith('-');
  const digits = `${whole.replace('-', '')}${fraction.padEnd(scale, '0').slice(0, scale)}`;
  const result = BigInt(digits || '0');
  return negative ? -result : result;
}

export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Base units (e.g. wei) to a decimal string with the token's decimals. */
export function formatUnits(amount: bigint, decimals: number): string {
  return fromScaled(amount, decimals);
}

/** amount (decimal string) × price (decimal string), rounded down to `scale` digits. */
export function multiply(amount: string, price: string, scale = 8): string {
  const product = toScaled(amount, scale) * toScaled(price, scale);
  return fromScaled(product / 10n ** BigInt(scale), scale);
}

export function add(a: string, b: string, scale = 8): string {
  return fromScaled(toScaled(a, scale) + toScaled(b, scale), scale);
}

/** a − b, never below zero (an available amount cannot be negative). */
export function subtract(a: string, b: string, scale = 8): string {
  const difference = toScaled(a, scale) - toScaled(b, scale);
  return fromScaled(difference > 0n ? difference : 0n, scale);
}

/** Rounded (half up) to `digits` fraction digits, for display values. */
export function round(value: string, digits = 2): string {
  const scaled = toScaled(value, digits + 1);
  const rounded = (scaled + (scaled >= 0n ? 5n : -5n)) / 10n;
  const text = fromScaled(rounded, digits);
  const [whole, fraction = ''] = text.split('.');
  return digits ? `${whole}.${fraction.padEnd(digits, '0')}` : whole!;
}

export function compare(a: string, b: string, scale = 18): number {
  const left = toScaled(a, scale);
  const right = toScaled(b, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}
