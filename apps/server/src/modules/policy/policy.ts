import { SpaceRole, isPrivilegedRole, type ErrorCode } from '@keystead/contract';

/**
 * The one place that decides who may do what in a space (issue "Spaces": `can(user, action,
 * object)`). Every space route names its action; the access plugin asks this module; the
 * permission-matrix test walks the same table.
 */
export const SPACE_ACTIONS = {
  'space.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'space.update': { privileged: true, denied: 'PERMISSION_SPACE_MANAGE_ERROR' },
  'space.settings': { privileged: true, denied: 'PERMISSION_SPACE_MANAGE_ERROR' },
  'member.view': { privileged: true, denied: 'PERMISSION_VIEW_ERROR' },
  'member.invite': { privileged: true, denied: 'PERMISSION_INVITE_ERROR' },
  'member.update': { privileged: true, denied: 'PERMISSION_UPDATE_ERROR' },
  'member.delete': { privileged: true, denied: 'PERMISSION_DELETE_ERROR' },
  'audit.view': { privileged: true, denied: 'PERMISSION_VIEW_ERROR' },
  // Wallets: every member reaches the wallet routes; which wallets they see or act on is decided
  // per wallet (walletAccess below). Creating, changing and archiving wallets is for admins.
  'wallet.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'wallet.create': { privileged: true, denied: 'PERMISSION_CREATE_ERROR' },
  'wallet.update': { privileged: true, denied: 'PERMISSION_WALLET_UPDATE_ERROR' },
  'wallet.archive': { privileged: true, denied: 'PERMISSION_WALLET_DELETE_ERROR' },
  'wallet.deploy': { privileged: false, denied: 'PERMISSION_WALLET_DEPLOY_ERROR' },
  // Transfers: reached by every member; the wallet role (operator, approver, signer,
  // broadcaster) is checked per task.
  'transfer.act': { privileged: false, denied: 'PERMISSION_WALLET_OPERATE_ERROR' },
  'address_book.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'address_book.manage': { privileged: true, denied: 'PERMISSION_ADDRESS_BOOK_ADD_ERROR' },
} as const satisfies Record<string, { privileged: boolean; denied: ErrorCode }>;

export type SpaceAction = keyof typeof SPACE_ACTIONS;

export interface Actor {
  userId: number;
  role: number;
}

/** What an action is done to, when the object matters (a member being changed or removed). */
export interface ActionObject {
  targetRole?: number;
  targetUserId?: number | null;
  /** For role changes: the role being given. */
  newRole?: number;
}

export interface Decision {
  allowed: boolean;
  code?: ErrorCode;
}

const ALLOW: Decision = { allowed: true };
const deny = (code: ErrorCode): Decision => ({ allowed: false, code });

export function can(actor: Actor, action: SpaceAction, object: ActionObject = {}): Decision {
  const rule = SPACE_ACTIONS[action];
  if (rule.privileged && !isPrivilegedRole(actor.role)) return deny(rule.denied);
  const targetIsCreator = object.targetRole === SpaceRole.Creator;
  const targetIsSelf = object.targetUserId !== undefined && object.targetUserId === actor.userId;
  switch (action) {
    case 'member.delete':
      if (targetIsCreator) return deny('PERMISSION_CREATOR_DELETE_ERROR');
      if (targetIsSelf) return deny('PERMISSION_MEMBER_SCOPE_ERROR');
      // Only the creator removes an admin.
      if (object.targetRole === SpaceRole.Admin && actor.role !== SpaceRole.Creator) return deny(rule.denied);
      return ALLOW;
    case 'member.update':
      if (targetIsCreator || object.newRole === SpaceRole.Creator)
        return deny('PERMISSION_CREATOR_TRANSFER_ERROR');
      if (targetIsSelf) return deny('PERMISSION_MEMBER_SCOPE_ERROR');
      // Admin rights are given and taken by the creator alone.
      if (
        (object.targetRole === SpaceRole.Admin || object.newRole === SpaceRole.Admin) &&
        actor.role !== SpaceRole.Creator
      ) {
        return deny(rule.denied);
      }
      return ALLOW;
    case 'member.invite':
      if (object.newRole === SpaceRole.Creator) return deny('PERMISSION_CREATOR_TRANSFER_ERROR');
      if (object.newRole === SpaceRole.Admin && actor.role !== SpaceRole.Creator) return deny(rule.denied);
      return ALLOW;
    default:
      return ALLOW;
  }
}

/** A member's relation to one wallet: the roles they hold and whether they sign for it. */
export interface WalletRelation {
  roles: ReadonlySet<string>;
  isSigner: boolean;
}

/**
 * Per-wallet decisions (§6 wallet roles). Admins see and manage every wallet of the space;
 * others see a wallet only when they hold a role on it or sign for it.
 */
export function canOnWallet(
  role: number,
  relation: WalletRelation,
  action: 'view' | 'deploy' | 'operate',
): Decision {
  const privileged = isPrivilegedRole(role);
  const related = relation.isSigner || relation.roles.size > 0;
  switch (action) {
    case 'view':
      return privileged || related ? ALLOW : deny('WALLET_NOT_FOUND_ERROR');
    case 'deploy':
      return relation.isSigner ? ALLOW : deny('PERMISSION_WALLET_DEPLOY_ERROR');
    case 'operate':
      return relation.roles.has('operator') ? ALLOW : deny('PERMISSION_WALLET_OPERATE_ERROR');
  }
}
