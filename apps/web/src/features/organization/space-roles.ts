import type { Space } from './api/types';

/** Roles of §6: 0 Member, 1 Creator, 2 Admin, 7 User. Creator and Admin are privileged. */
export const SPACE_ROLES = { member: 0, creator: 1, admin: 2, user: 7 } as const;
/** Roles an invitation or a role change may give (never Creator). */
export const ASSIGNABLE_ROLES = [SPACE_ROLES.member, SPACE_ROLES.admin, SPACE_ROLES.user] as const;

export function isPrivileged(info: Pick<Space, 'role' | 'is_admin'>): boolean {
  return info.is_admin || info.role === SPACE_ROLES.creator || info.role === SPACE_ROLES.admin;
}

export const isTrial = (space: Pick<Space, 'type' | 'edition'>): boolean =>
  space.edition === 'experience' || space.type === 1 || space.type === 2;
