import { useSyncExternalStore } from 'react';
import type { UserBaseInfo } from '@keystead/contract/api/auth';
import { createExternalStore } from './external-store';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from './storage';

/** The signed-in user as last seen, kept in localStorage (§3: at least an id). */
export type StoredUser = Pick<UserBaseInfo, 'user_id' | 'email' | 'nickname' | 'language_code'> &
  Partial<UserBaseInfo>;

function load(): StoredUser | null {
  const value = readJson<StoredUser>(localStorage, STORAGE_KEYS.user);
  return value && typeof value.user_id === 'number' ? value : null;
}

const userStore = createExternalStore<StoredUser | null>(load());

export function getStoredUser(): StoredUser | null {
  return userStore.get();
}

let clearedByLogout = false;

export function setStoredUser(user: StoredUser): void {
  clearedByLogout = false;
  writeJson(localStorage, STORAGE_KEYS.user, user);
  userStore.set(user);
}

/** `logout`: the user chose to leave, so the page they were on is not remembered for the next login. */
export function clearStoredUser(reason: 'logout' | 'expired' = 'expired'): void {
  clearedByLogout = reason === 'logout';
  removeKey(localStorage, STORAGE_KEYS.user);
  userStore.set(null);
}

export function wasLoggedOut(): boolean {
  return clearedByLogout;
}

export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(userStore.subscribe, userStore.get);
}

// Another tab logging in or out changes the stored user here too.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEYS.user) userStore.set(load());
});
