// Exact decimals for issued-currency (IOU) values: a BigInt mantissa and a power of ten, so trust
// line balances move without floating-point error. The ledger itself keeps 16 significant digits;
// the fixture keeps every digit it is given (tests use short values, and exact sums are easier to
// assert on).

/** value = mantissa × 10^exponent, with no trailing zeros in the mantissa (0 is {0n, 0}). */
export interface Decimal {
  mantissa: bigint;
  exponent: number;
}

function normalized(mantissa: bigint, exponent: number): Decimal {
  if (mantissa === 0n) return { mantissa: 0n, exponent: 0 };
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent += 1;
  }
  return { mantissa, exponent };
}

/** '12.5', '-0.001', '1e-7', '1.5E+3' → Decimal; throws on anything else. */
export function parseDecimal(text: string): Decimal {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`not a decimal value: ${text}`);
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[2] || '0'}${fraction}`);
  const exponent = Number(m[4] ?? 0) - fraction.length;
  return normalized(m[1] === '-' ? -digits : digits, exponent);
}

const scaled = (d: Decimal, exponent: number) => d.mantissa * 10n ** BigInt(d.exponent - exponent);

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const exponent = Math.min(a.exponent, b.exponent);
  return normalized(scaled(a, exponent) + scaled(b, exponent), exponent);
}

export const negateDecimal = (d: Decimal): Decimal => ({ mantissa: -d.mantissa, exponent: d.exponent });

export const subtractDecimal = (a: Decimal, b: Decimal): Decimal => addDecimal(a, negateDecimal(b));

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const exponent = Math.min(a.exponent, b.exponent);
  const x = scaled(a, exponent);
  const y = scaled(b, exponent);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const ZERO: Decimal = { mantissa: 0n, exponent: 0 };

export const signOf = (d: Decimal): number => (d.mantissa < 0n ? -1 : d.mantissa > 0n ? 1 : 0);

/** Plain decimal notation ('12.5', '-0.0000001', '1000000000'), as rippled prints most values. */
export function formatDecimal(d: Decimal): string {
  const negative = d.mantissa < 0n;
  const digits = (negative ? -d.mantissa : d.mantissa).toString();
  let text: string;
  if (d.exponent >= 0) text = digits + '0'.repeat(d.exponent);
  else {
    const point = digits.length + d.exponent;
    text =
      point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
  }
  return negative ? `-${text}` : text;
}
