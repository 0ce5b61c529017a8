/** How the asset pages write percentages, token amounts and chart axis values. */

/** A percentage from the server (already ×100, 2 decimals), e.g. "12.50%". */
export const percent = (value: string | null | undefined, signed = false) => {
  if (value === null || value === undefined) return '—';
  const number = Number(value);
  const text = `${Math.abs(number).toFixed(2)}%`;
  if (!signed || number === 0) return number < 0 ? `-${text}` : text;
  return number > 0 ? `+${text}` : `-${text}`;
};

/** A token amount as the server gave it, grouped, never through floats. */
export const tokenAmount = (amount: string | null | undefined) => {
  if (amount === null || amount === undefined) return '—';
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${fraction ? `${grouped}.${fraction}` : grouped}`;
};

/** A value axis label: grouped below 100,000, compact (12.5K, 1.2M) from there. */
export function axisNumber(value: number, language: string): string {
  if (Math.abs(value) < 100_000)
    return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
