import type { ClientMessageKey } from '@keystead/contract/errors/client-messages';
import type { ErrorParams } from '@keystead/contract/errors/types';
import { isApiError } from '../api-client';
import { currentLanguage, i18next } from '../i18n';
import { showErrorToast, toast } from '../notify';
import { WalletError } from './types';

/** What the wallet was asked to do, for the message of an unrecognised failure. */
export type WalletAction = 'connect' | 'sign' | 'send';

const FALLBACK: Record<WalletAction, ClientMessageKey> = {
  connect: 'wallet_connect_failed',
  sign: 'sign_error',
  send: 'broadcast_failed',
};

/** The EIP-1193 / JSON-RPC codes found on an error or its causes (viem wraps them). */
function codesOf(error: unknown): { codes: number[]; text: string } {
  const codes: number[] = [];
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth += 1) {
    if (typeof current === 'object') {
      const record = current as {
        code?: unknown;
        message?: unknown;
        shortMessage?: unknown;
        details?: unknown;
        cause?: unknown;
      };
      if (typeof record.code === 'number') codes.push(record.code);
      for (const part of [record.shortMessage, record.message, record.details])
        if (typeof part === 'string') texts.push(part);
      current = record.cause;
    } else {
      if (typeof current === 'string') texts.push(current);
      break;
    }
  }
  return { codes, text: texts.join(' | ') };
}

/**
 * Maps a wallet failure onto the §8 client messages: 4001 user rejected; -32002 a request is
 * already waiting (the wallet is locked or its window is hidden); 4100 not authorised (locked);
 * 4902 / chain errors network mismatch; insufficient funds. Anything else is the action's
 * generic failure. WalletErrors and API errors pass through unchanged.
 */
export function toWalletError(error: unknown, action: WalletAction): Error {
  if (error instanceof WalletError || isApiError(error)) return error;
  const { codes, text } = codesOf(error);
  if (codes.includes(4001) || /user (rejected|denied)|rejected the request/i.test(text))
    return new WalletError('wallet_user_reject', text);
  if (codes.includes(-32002) || codes.includes(4100) || /locked|unauthori[sz]ed/i.test(text))
    return new WalletError('wallet_locked', text);
  if (
    codes.includes(4902) ||
    (/chain ?id|unrecognized chain|network/i.test(text) && /match|unrecognized|switch/i.test(text))
  )
    return new WalletError('network_mismatch', text);
  if (/insufficient funds/i.test(text)) return new WalletError('insufficient_funds', text);
  return new WalletError(FALLBACK[action], text);
}

/**
 * A wallet failure's §8 client message in the current language, placeholders filled from the
 * error's `params` where it has them (custom_path_limit's {max}).
 */
export async function walletErrorMessage(error: WalletError): Promise<string> {
  const { formatClientMessage } = await import('../error-catalogue');
  const params = 'params' in error ? (error.params as ErrorParams) : undefined;
  return formatClientMessage(error.code, currentLanguage(), params);
}

/** Toasts a wallet failure in the current language (§8 client messages); API errors toast as usual. */
export async function showWalletError(error: unknown): Promise<void> {
  if (!(error instanceof WalletError)) return showErrorToast(error);
  const { CLIENT_MESSAGES } = await import('../error-catalogue');
  const message = CLIENT_MESSAGES[error.code];
  if (error.detail) console.warn('Wallet error', error.code, error.detail);
  const kind = message.type === 'warn' ? 'warning' : message.type;
  toast(
    kind,
    i18next.t(kind === 'warning' ? 'errors:title.Alert' : 'errors:title.Error'),
    await walletErrorMessage(error),
  );
}
