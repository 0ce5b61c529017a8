/** "$0.42", "< $0.01" (a fee the rounding to cents would show as zero), or null without a price. */
export function usd(value: string | null, fee: string): string | null {
  if (value === null) return null;
  const amount = Number(value);
  if (amount < 0.01 && Number(fee) > 0) return '< $0.01';
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The USD line of a fee: "≈ $0.42", "< $0.01", or null without a price. */
export const usdLine = (value: string | null, fee: string): string | null => {
  const price = usd(value, fee);
  return price === null ? null : price.startsWith('<') ? price : `≈ ${price}`;
};
