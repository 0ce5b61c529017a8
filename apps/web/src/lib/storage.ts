/** Every key the web app keeps in the browser, in one place. */
export const STORAGE_KEYS = {
  /** localStorage: the signed-in user (at least an id), cleared on logout or 401. */
  user: 'ks.user',
  /** localStorage: the last chosen UI language. */
  language: 'ks.language',
  /** localStorage: wrong second-factor codes in the current login attempt (§4 Login). */
  loginErrors: 'ks.login-errors',
  /** sessionStorage: the space (organization) chosen in this tab. */
  organization: 'ks.organization',
  /** sessionStorage: where a list was left, so it can be restored (§2). */
  listPosition: 'ks.list-position',
  /** sessionStorage: the guided tour to start after an invitation registration ('invite' | 'create'). */
  guide: 'ks.guide',
} as const;

/** Prefix of the per-space wallet drafts (`ks.wallet-draft.<space id>…`), in either storage. */
export const WALLET_DRAFT_PREFIX = 'ks.wallet-draft.';

/**
 * Cookie naming the last space the user entered; it reopens /organization/settings (§2 Guards).
 * The server sets it too (POST /organization/enter, /organization/join, /invite-register).
 */
export const LAST_SPACE_COOKIE = 'ks_last_space';

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export function readJson<T>(store: Storage, key: string): T | null {
  return safe(() => {
    const raw = store.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  }, null);
}

export function writeJson(store: Storage, key: string, value: unknown): void {
  safe(() => store.setItem(key, JSON.stringify(value)), undefined);
}

export function readText(store: Storage, key: string): string | null {
  return safe(() => store.getItem(key), null);
}

export function writeText(store: Storage, key: string, value: string): void {
  safe(() => store.setItem(key, value), undefined);
}

export function removeKey(store: Storage, key: string): void {
  safe(() => store.removeItem(key), undefined);
}
