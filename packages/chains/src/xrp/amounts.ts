import { FamilyError } from '../family';
import { isXrpAddress } from './address';

/**
 * Issued currencies (trust-line tokens) as the platform names them: "CUR.issuer", the currency
 * code as the ledger spells it (3 letters, or 40 hex digits) and the issuer's classic address.
 * The ledger keeps up to 15 significant digits; the platform counts them in 10^-decimals units.
 */
export const ISSUED_DECIMALS = 6;

export interface IssuedCurrency {
  currency: string;
  issuer: string;
}

const STANDARD_CODE = /^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/;
const HEX_CODE = /^[0-9A-F]{40}$/;

export function issuedOf(contract: string): IssuedCurrency {
  const dot = contract.indexOf('.');
  const currency = contract.slice(0, dot);
  const issuer = contract.slice(dot + 1);
  const hex = currency.toUpperCase();
  const code = HEX_CODE.test(hex) ? hex : currency;
  if (
    dot < 1 ||
    !(STANDARD_CODE.test(code) || HEX_CODE.test(code)) ||
    code === 'XRP' ||
    !isXrpAddress(issuer)
  )
    throw new FamilyError('CHAIN_ADDRESS_INVALID_ERROR', { param: 'XRP' });
  return { currency: code, issuer };
}

export const issuedKey = ({ currency, issuer }: IssuedCurrency): string => `${currency}.${issuer}`;

/** What a wallet shows for a currency code: the letters, or the text a 40-hex code holds (RLUSD). */
export function currencySymbol(currency: string): string {
  if (!HEX_CODE.test(currency)) return currency;
  const text = Buffer.from(currency, 'hex').toString('latin1').replace(/\0+$/, '');
  return /^[\x20-\x7e]+$/.test(text) ? text : currency.slice(0, 8);
}

/** A ledger decimal string ("12.5", "-3", "1e-7") as units of 10^-decimals, rounded down. */
export function unitsOf(value: string, decimals = ISSUED_DECIMALS): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a ledger amount: ${value}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '') || '0';
  const shift = Number(exponent) - fraction.length + decimals;
  const units = shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits) / 10n ** BigInt(-shift);
  return sign === '-' ? -units : units;
}

/** Units of 10^-decimals as the ledger's decimal string ("12.5"). */
export function valueOf(units: bigint, decimals = ISSUED_DECIMALS): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
