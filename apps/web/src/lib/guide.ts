import { STORAGE_KEYS, readText, removeKey, writeText } from './storage';

/** §4 Register: after an invitation registration a guided tour starts ('invite' for members, 'create' for admins). */
export type GuideKind = 'invite' | 'create';

export function startGuide(kind: GuideKind): void {
  writeText(sessionStorage, STORAGE_KEYS.guide, kind);
}

export function pendingGuide(): GuideKind | null {
  const value = readText(sessionStorage, STORAGE_KEYS.guide);
  return value === 'invite' || value === 'create' ? value : null;
}

export function finishGuide(): void {
  removeKey(sessionStorage, STORAGE_KEYS.guide);
}

/** Creator (1) and Admin (2) get the "create" tour, everybody else the "invite" tour. */
export const guideForRole = (role: number): GuideKind => (role === 1 || role === 2 ? 'create' : 'invite');
