import type { NavigateFunction } from 'react-router';
import { fetchUserBaseInfo } from '@/features/account';
import { deleteCookie, readCookie } from '@/lib/cookies';
import { currentLanguage, languageCameFromAddress, setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { STORAGE_KEYS, readText, removeKey, writeText } from '@/lib/storage';

/**
 * The readable cookie the server sets after the password check (contract LOGIN_STEP_COOKIE).
 * Repeated here because the contract module that defines it also loads zod, which the first
 * screen should not download; cookies.test.ts checks the two stay equal.
 */
export const LOGIN_STEP_COOKIE = 'ks_login_mfa';

/** §4: after the third wrong code the pending login ends. */
export const MAX_CODE_ATTEMPTS = 3;

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
  email?: string;
}

export function loginErrorCount(): number {
  return Number(readText(localStorage, STORAGE_KEYS.loginErrors) ?? '0') || 0;
}

export function recordLoginError(): number {
  const next = loginErrorCount() + 1;
  writeText(localStorage, STORAGE_KEYS.loginErrors, String(next));
  return next;
}

export function resetLoginErrors(): void {
  removeKey(localStorage, STORAGE_KEYS.loginErrors);
}

/** The readable cookie the server sets after the password check: "1" authenticator, "0" e-mail. */
export function pendingSecondFactor(): 'totp' | 'email' | null {
  const value = readCookie(LOGIN_STEP_COOKIE);
  if (value === '1') return 'totp';
  if (value === '0') return 'email';
  return null;
}

/** Ends the pending login on this side: counter, step cookie (the server clears its own). */
export function abandonPendingLogin(): void {
  resetLoginErrors();
  deleteCookie(LOGIN_STEP_COOKIE);
}

export function fromLocation(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname.startsWith('/login')) return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Full login: load the user, adopt their language, go where the user came from or /organization. */
export async function finishLogin(navigate: NavigateFunction, state: unknown): Promise<void> {
  resetLoginErrors();
  deleteCookie(LOGIN_STEP_COOKIE);
  queryClient.removeQueries({ queryKey: ['account'] });
  const user = await fetchUserBaseInfo();
  queryClient.setQueryData(['account', 'base-info'], user);
  if (!languageCameFromAddress() && user.language_code !== currentLanguage())
    await setLanguage(user.language_code);
  const target = fromLocation(state);
  await navigate(target ?? '/organization', { replace: true, state: target ? undefined : { login: true } });
}
