import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';
import { createExternalStore } from './external-store';
import {
  LAST_SPACE_COOKIE,
  STORAGE_KEYS,
  WALLET_DRAFT_PREFIX,
  readText,
  removeKey,
  writeText,
} from './storage';

/** The space (organization) chosen in this tab; sent as the organization-id header. */
const spaceStore = createExternalStore<string | null>(readText(sessionStorage, STORAGE_KEYS.organization));

export function getSelectedSpaceId(): string | null {
  return spaceStore.get();
}

/** §4 Organization: switching stores the space in session storage; the cookie remembers it. */
export function selectSpace(id: string | number): void {
  const value = String(id);
  writeText(sessionStorage, STORAGE_KEYS.organization, value);
  writeCookie(LAST_SPACE_COOKIE, value);
  spaceStore.set(value);
}

export function clearSelectedSpace(): void {
  removeKey(sessionStorage, STORAGE_KEYS.organization);
  spaceStore.set(null);
}

/** The last space entered in any tab (cookie), used to reopen the space settings. */
export function rememberedSpaceId(): string | null {
  return readCookie(LAST_SPACE_COOKIE);
}

export function useSelectedSpaceId(): string | null {
  return useSyncExternalStore(spaceStore.subscribe, spaceStore.get);
}

/** §4 Organization: switching clears the wallet drafts that belong to other spaces. */
export function clearOtherSpaceDrafts(keep: string | number): void {
  const own = `${WALLET_DRAFT_PREFIX}${String(keep)}`;
  for (const store of [sessionStorage, localStorage]) {
    try {
      const stale: string[] = [];
      for (let index = 0; index < store.length; index += 1) {
        const key = store.key(index);
        if (key?.startsWith(WALLET_DRAFT_PREFIX) && key !== own && !key.startsWith(`${own}.`))
          stale.push(key);
      }
      for (const key of stale) store.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  }
}
