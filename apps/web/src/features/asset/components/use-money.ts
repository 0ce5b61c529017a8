import { useCallback, useMemo } from 'react';
import { useUserBaseInfo } from '@/features/account';
import { currentLanguage } from '@/lib/i18n';
import { useExchangeRates } from '../api/get-exchange-rate';
import { useAssetShow } from '../api/asset-show';

/** What amounts read as while the user hides them (the eye toggle). */
export const MASK = '****';

export interface Money {
  /** The user's currency, or USD when its rate is missing. */
  currency: string;
  /** Units of `currency` per US dollar. */
  rate: number;
  /** Amounts hidden by the user's choice. */
  hidden: boolean;
  /** A USD value in the user's currency, 2 decimals, with its sign or code; "****" while hidden. */
  format: (usd: string | number | null | undefined, options?: { signed?: boolean }) => string;
  /** The converted number itself (charts), 2 decimals. */
  convert: (usd: string | number) => number;
  /** An already converted number as `format` shows it (chart tooltips). */
  show: (converted: number) => string;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(language: string, currency: string, signed: boolean): Intl.NumberFormat {
  const key = `${language}:${currency}:${signed}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * Every money figure of the asset pages: the server's USD value × the rate of the user's currency
 * (their profile), to 2 decimals; USD where the rate is missing or the rates could not be loaded.
 */
export function useMoney(): Money {
  const user = useUserBaseInfo();
  const rates = useExchangeRates();
  const choices = useAssetShow();
  const wanted = user.data?.currency ?? 'USD';
  const found = rates.data?.rates.find((entry) => entry.currency === wanted);
  const parsed = found ? Number(found.rate) : NaN;
  const usable = wanted === 'USD' || (Number.isFinite(parsed) && parsed > 0);
  const currency = usable ? wanted : 'USD';
  const rate = wanted === 'USD' || !usable ? 1 : parsed;
  const hidden = choices.data ? !choices.data.show_amount : false;
  const language = currentLanguage();

  const convert = useCallback((usd: string | number) => Math.round(Number(usd) * rate * 100) / 100, [rate]);
  const show = useCallback(
    (converted: number) => (hidden ? MASK : formatter(language, currency, false).format(converted)),
    [hidden, language, currency],
  );
  const format = useCallback(
    (usd: string | number | null | undefined, options: { signed?: boolean } = {}) => {
      if (usd === null || usd === undefined || usd === '') return '—';
      if (hidden) return MASK;
      return formatter(language, currency, Boolean(options.signed)).format(convert(usd));
    },
    [hidden, language, currency, convert],
  );
  return useMemo(
    () => ({ currency, rate, hidden, format, convert, show }),
    [currency, rate, hidden, format, convert, show],
  );
}
