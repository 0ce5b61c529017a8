import type { MobileSession } from '@keystead/contract/api/mobile';

/**
 * The account this phone was last signed in as, so the page can open offline (with the kept task
 * list) when the server cannot be asked. Cleared when the phone is unpaired or the session ends.
 */
const KEY = 'ks.mobile-session';

export function rememberedSession(): MobileSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as MobileSession) : null;
    return value && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function rememberSession(session: MobileSession | null): void {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // not kept: the page then needs the network to open
  }
}
