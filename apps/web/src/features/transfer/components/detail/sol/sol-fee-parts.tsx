import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { fromUnits } from '../../wizard/amount-rules';

/** Lamports (the fee parts' unit) → SOL. */
const lamportsToSol = (lamports: string | undefined) => (lamports ? fromUnits(BigInt(lamports), 9) : '0');

/**
 * What the space's fee payer spends on a Solana transfer, part by part: the signatures (each
 * approval and the execution), the priority fee, and the rent of the recipient's token account
 * when it has none yet (created with the transfer, paid by the fee payer).
 */
export function SolFeeParts(props: { parts: Record<string, string> | null | undefined; symbol: string }) {
  const { t } = useLazyTranslation('transfer');
  const { parts, symbol } = props;
  if (!parts) return null;
  const sol = (lamports: string | undefined) => `${lamportsToSol(lamports)} ${symbol}`;
  // One line per part; on a phone the figure wraps under its label rather than being squeezed.
  const line = (label: string, value: ReactNode) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span style={{ whiteSpace: 'nowrap' }}>{value}</span>
    </div>
  );
  const rent = parts.token_account_rent;
  return (
    <div data-testid="sol-fee-parts" style={{ fontSize: 13 }}>
      {line(t('sol.feeParts.signatures'), sol(parts.signatures))}
      {line(t('sol.feeParts.priority'), sol(parts.priority))}
      {rent && rent !== '0'
        ? line(
            t('sol.feeParts.tokenAccountRent'),
            <span data-testid="sol-token-account-rent">{sol(rent)}</span>,
          )
        : null}
    </div>
  );
}
