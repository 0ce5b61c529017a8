import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import type { Language } from '@keystead/contract';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { EscrowLogItem } from '../../api/escrow-log';
import { formatCoin } from '../coin-amount';

type Catalogue = Record<string, { messages: Record<Language, string> }>;
let catalogue: Catalogue | null = null;

/** The error catalogue, loaded with the first refusal shown (it stays out of the first screens' JavaScript). */
function useCatalogue(wanted: boolean): Catalogue | null {
  const [loaded, setLoaded] = useState(catalogue);
  useEffect(() => {
    if (!wanted || loaded) return;
    void import('@/lib/error-catalogue').then(({ ERRORS }) => {
      catalogue = ERRORS as unknown as Catalogue;
      setLoaded(catalogue);
    });
  }, [wanted, loaded]);
  return loaded;
}

/**
 * Why an order was refused or failed: the rule's limit with its maximum and the order's value
 * ("1,200 USDT is above the per-order maximum of 500 USDT"), else the catalogue's message of the code.
 */
export function EscrowReason({ row }: { row: EscrowLogItem }) {
  const { t } = useLazyTranslation('exchange');
  const errors = useCatalogue(Boolean(row.code) && !row.rule);
  if (row.rule)
    return (
      <span data-testid="escrow-log-reason">
        {t(`escrow.log.limit.${row.rule.limit}`, {
          max: formatCoin(row.rule.max),
          value: formatCoin(row.rule.value),
          defaultValue: `${row.rule.limit}: ${row.rule.value ?? ''} > ${row.rule.max ?? ''}`,
        })}
      </span>
    );
  if (!row.code) return <Typography.Text type="secondary">—</Typography.Text>;
  const message = errors?.[row.code]?.messages[currentLanguage()];
  return (
    <span data-testid="escrow-log-reason" title={row.code}>
      {message ? message.replace(/\s*[（(]\{[^}]+\}[)）]/g, '').replace(/\{[^}]+\}/g, '') : row.code}
    </span>
  );
}
