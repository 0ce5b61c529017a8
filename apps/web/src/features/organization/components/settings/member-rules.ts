import type { Member } from '../../api/types';
import { SPACE_ROLES } from '../../space-roles';

/** What the signed-in user may do to a member (§6); the server still has the last word. */
export interface MemberPermissions {
  reinvite: boolean;
  block: boolean;
  unblock: boolean;
  changeRole: boolean;
  remove: boolean;
  /** Roles this user may give. */
  roles: number[];
}

export function memberPermissions(
  actor: { role: number; userId: number | null },
  member: Member,
): MemberPermissions {
  const none: MemberPermissions = {
    reinvite: false,
    block: false,
    unblock: false,
    changeRole: false,
    remove: false,
    roles: [],
  };
  const creator = actor.role === SPACE_ROLES.creator;
  const admin = actor.role === SPACE_ROLES.admin;
  if (!creator && !admin) return none;
  // Nobody edits themselves, nobody touches the creator, only the creator manages admins.
  if (member.user_id !== null && member.user_id === actor.userId) return none;
  if (member.role === SPACE_ROLES.creator) return none;
  if (member.role === SPACE_ROLES.admin && !creator) return none;
  const roles = creator
    ? [SPACE_ROLES.admin, SPACE_ROLES.member, SPACE_ROLES.user]
    : [SPACE_ROLES.member, SPACE_ROLES.user];
  const open = member.status === 'pending' || member.status === 'expired';
  return {
    reinvite: open,
    block: member.status === 'joined',
    unblock: member.status === 'blocked',
    changeRole: member.status === 'joined',
    remove: true,
    roles,
  };
}

/** Roles the actor may invite with: the creator may invite admins, admins only members and users. */
export const invitableRoles = (actorRole: number): number[] =>
  actorRole === SPACE_ROLES.creator
    ? [SPACE_ROLES.member, SPACE_ROLES.user, SPACE_ROLES.admin]
    : [SPACE_ROLES.member, SPACE_ROLES.user];
