import { STORAGE_KEYS, readJson, writeJson } from './storage';

/** Where a list was left (§2 saved list position), kept in sessionStorage so it can be restored. */
export interface ListPosition {
  /** The originating screen; 'todo' unless told otherwise. */
  from: string;
  location: string;
  params: Record<string, unknown>;
  /** 1 multi-signature, 2 single-signature, 3 exchange. */
  signType: number;
  page: number;
  pageSize: number;
  organizationId: string | null;
}

export const DEFAULT_LIST_POSITION: ListPosition = {
  from: 'todo',
  location: '',
  params: {},
  signType: 1,
  page: 1,
  pageSize: 10,
  organizationId: null,
};

export function readListPosition(): ListPosition {
  const saved = readJson<Partial<ListPosition>>(sessionStorage, STORAGE_KEYS.listPosition);
  return { ...DEFAULT_LIST_POSITION, ...(saved ?? {}) };
}

export function saveListPosition(change: Partial<ListPosition>): ListPosition {
  const next = { ...readListPosition(), ...change };
  writeJson(sessionStorage, STORAGE_KEYS.listPosition, next);
  return next;
}

export function resetListPosition(): void {
  writeJson(sessionStorage, STORAGE_KEYS.listPosition, DEFAULT_LIST_POSITION);
}
