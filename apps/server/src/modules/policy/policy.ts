import {
  SpaceRole,
  isPrivilegedRole,
  type BroadcastScope,
  type ErrorCode,
  type InheritanceAction as SpecInheritanceAction,
} from '@keystead/contract';

type InheritanceAction = SpecInheritanceAction | 'view';

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
  'wallet.view_archive': { privileged: true, denied: 'PERMISSION_VIEW_ERROR' },
  'wallet.create': { privileged: true, denied: 'PERMISSION_CREATE_ERROR' },
  'wallet.update': { privileged: true, denied: 'PERMISSION_WALLET_UPDATE_ERROR' },
  'wallet.archive': { privileged: true, denied: 'PERMISSION_WALLET_DELETE_ERROR' },
  'wallet.deploy': { privileged: false, denied: 'PERMISSION_WALLET_DEPLOY_ERROR' },
  // Transfers: reached by every member; the wallet role (operator, approver, signer,
  // broadcaster) is checked per task.
  'transfer.act': { privileged: false, denied: 'PERMISSION_WALLET_OPERATE_ERROR' },
  'address_book.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'address_book.manage': { privileged: true, denied: 'PERMISSION_ADDRESS_BOOK_ADD_ERROR' },
  // Fund-purpose tags: every member reads them (the wizard offers them); admins manage the tree.
  'label.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'label.manage': { privileged: true, denied: 'PERMISSION_SPACE_MANAGE_ERROR' },
  // Payment addresses and what they paid (/payment): the space's money, for admins.
  'payment.view': { privileged: true, denied: 'PERMISSION_VIEW_ERROR' },
  // Creating, binding, switching, refunding and speeding up payment addresses.
  'payment.manage': { privileged: true, denied: 'PERMISSION_SPACE_MANAGE_ERROR' },
  // The 3-day extension of a lapsing plan (§4): admins ask for it.
  'plan.extend': { privileged: true, denied: 'PERMISSION_VIP_EXTENSION_ERROR' },
  // Exchange accounts (§6 admin "manages wallets, exchanges, people"): admins check, add and
  // delete them; every member reaches the reads, which show only the accounts they may view
  // (canOnWallet 'view': admins, and the account's viewers).
  'exchange.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'exchange.add': { privileged: true, denied: 'PERMISSION_CREATE_ERROR' },
  'exchange.delete': { privileged: true, denied: 'PERMISSION_WALLET_DELETE_ERROR' },
  // Risk control and the platform API (escrow): every member reaches the reads, which show only
  // the accounts they may view; rules are changed by the account's risk-control users
  // (canManageRisk, per account); platform API keys and escrow settings by admins.
  'escrow.view': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
  'escrow.risk': { privileged: false, denied: 'PERMISSION_RISK_CONTROL_ERROR' },
  'escrow.manage': { privileged: true, denied: 'PERMISSION_EXCHANGE_MANAGE_ERROR' },
  // The transfer policy (issue 21): admins read it, test it, propose and approve its changes.
  'transfer_policy.view': { privileged: true, denied: 'PERMISSION_VIEW_ERROR' },
  'transfer_policy.manage': { privileged: true, denied: 'PERMISSION_SPACE_MANAGE_ERROR' },
  // Emergency recovery (issue 20): every member reaches it; canOnRecovery decides per wallet.
  'recovery.act': { privileged: false, denied: 'PERMISSION_VIEW_ERROR' },
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

/**
 * The roles a member can hold on one wallet (wallet_members.role, set when the wallet is created
 * or in its settings). Signing is not among them: a signer is whoever holds one of the wallet's
 * keys (wallet_signers), `WalletRelation.isSigner`.
 */
export const WALLET_ROLES = ['operator', 'approver', 'viewer', 'risk_control', 'broadcaster'] as const;
export type WalletRole = (typeof WALLET_ROLES)[number];

/**
 * Who a wallet's broadcast scope (§3) lets broadcast, besides its broadcasters (canOnWallet
 * 'broadcast'). "The initiator" is the transfer's creator and the wallet's operators.
 */
export const BROADCAST_SCOPES: Record<BroadcastScope, string> = {
  1: 'automatic: the server has no relay of its own yet, so the initiator, as under 2',
  2: 'the initiator',
  3: 'the initiator, approvers and admins',
  4: 'signers',
};

/**
 * Admins see every wallet of the space and its archive; others only the wallets they hold a role
 * or a key on (canOnWallet 'view'). The wallet list filters with this.
 */
export function seesEveryWallet(role: number): boolean {
  return isPrivilegedRole(role);
}

/** The archive (archived wallets) is listed for those who see every wallet. */
export function canViewWalletArchive(role: number): Decision {
  return seesEveryWallet(role) ? ALLOW : deny('PERMISSION_VIEW_ERROR');
}

/** A member's relation to one wallet: the roles they hold and whether they sign for it. */
export interface WalletRelation {
  roles: ReadonlySet<string>;
  isSigner: boolean;
}

export type WalletAction = 'view' | 'deploy' | 'operate' | 'approve' | 'broadcast' | 'revoke';

/** The transfer a wallet action is done to, when it matters. */
export interface WalletObject {
  /** The acting user's id and the transfer's creator. */
  userId?: number;
  createdBy?: number | null;
  /** The wallet's broadcast scope (§3): 2 initiator, 3 admins + initiator + approvers, 4 signers. */
  broadcastScope?: number;
  /** A transfer policy's approver groups for this transfer (issue 21): their members approve too. */
  policyGroups?: { member_ids: number[] }[];
  /** Every group replaces the wallet's threshold: the wallet's approvers have no say. */
  walletThresholdReplaced?: boolean;
}

/**
 * Per-wallet decisions (§6 wallet roles): the wallet roles (operator, approver, signer, viewer,
 * broadcaster, risk-control user) and the broadcast scopes. Admins see and manage every wallet
 * of the space; others see a wallet only when they hold a role on it or sign for it.
 */
export const WALLET_ACTIONS: Record<WalletAction, { denied: ErrorCode; rule: string }> = {
  view: { denied: 'WALLET_NOT_FOUND_ERROR', rule: 'admins, and members with a role or a key on the wallet' },
  deploy: { denied: 'PERMISSION_WALLET_DEPLOY_ERROR', rule: 'signers' },
  operate: { denied: 'PERMISSION_WALLET_OPERATE_ERROR', rule: 'operators' },
  approve: { denied: 'PERMISSION_APPROVE_ERROR', rule: 'approvers' },
  broadcast: {
    denied: 'PERMISSION_BROADCAST_ERROR',
    rule: 'broadcasters, and whoever the broadcast scope names',
  },
  revoke: { denied: 'PERMISSION_REVOKE_ERROR', rule: 'the transfer’s creator and admins' },
};

export function canOnWallet(
  role: number,
  relation: WalletRelation,
  action: WalletAction,
  object: WalletObject = {},
): Decision {
  const privileged = isPrivilegedRole(role);
  const allowed = (() => {
    switch (action) {
      case 'view':
        return seesEveryWallet(role) || relation.isSigner || relation.roles.size > 0;
      case 'deploy':
        return relation.isSigner;
      case 'operate':
        return relation.roles.has('operator');
      case 'approve': {
        const { userId, policyGroups = [] } = object;
        if (userId !== undefined && policyGroups.some((g) => g.member_ids.includes(userId))) return true;
        return relation.roles.has('approver') && !object.walletThresholdReplaced;
      }
      case 'revoke':
        return privileged || (object.createdBy != null && object.createdBy === object.userId);
      case 'broadcast': {
        if (relation.roles.has('broadcaster')) return true;
        const initiator = object.createdBy === object.userId || relation.roles.has('operator');
        if (object.broadcastScope === 3) return initiator || relation.roles.has('approver') || privileged;
        if (object.broadcastScope === 4) return relation.isSigner;
        return initiator;
      }
    }
  })();
  return allowed ? ALLOW : deny(WALLET_ACTIONS[action].denied);
}

export type RecoveryAction = 'view' | 'manage' | 'cancel' | 'queue' | 'execute';

/** Who the caller is to a wallet's recovery: its recoverer, and whether that is a backup address. */
export interface RecoveryObject {
  isRecoverer: boolean;
  /** The recoverer is an address no member verified (its key is kept offline by the space). */
  backupRecoverer: boolean;
}

/**
 * Emergency recovery (§4): admins allow it (enable, disable); the owners' veto is a wallet task
 * that admins, operators and signers may start; the recoverer queues an owner swap (admins do it
 * for a backup address, whose key they hold offline); whoever sees the wallet, or the recoverer,
 * sees the recovery and may run it once its delay is over. A member with none of these is told
 * the wallet does not exist.
 */
export function canOnRecovery(
  role: number,
  relation: WalletRelation,
  action: RecoveryAction,
  object: RecoveryObject,
): Decision {
  const privileged = isPrivilegedRole(role);
  const sees = object.isRecoverer || canOnWallet(role, relation, 'view').allowed;
  if (!sees) return deny('WALLET_NOT_FOUND_ERROR');
  switch (action) {
    case 'view':
    case 'execute':
      return ALLOW;
    case 'manage':
      return privileged ? ALLOW : deny('PERMISSION_WALLET_UPDATE_ERROR');
    case 'cancel':
      return privileged || relation.isSigner || relation.roles.has('operator')
        ? ALLOW
        : deny('PERMISSION_WALLET_OPERATE_ERROR');
    case 'queue':
      return object.isRecoverer || (privileged && object.backupRecoverer)
        ? ALLOW
        : deny('PERMISSION_WALLET_OPERATE_ERROR');
  }
}

export type InheritanceRole = 'testator' | 'heir';

/**
 * Family inheritance (§4 actions): the wallet's owners (who hold its keys) open, change and close
 * a plan; only the heir it names accepts, denies or applies. Admins and whoever sees the wallet
 * read it, the heir too; anyone else is told the wallet does not exist.
 */
export function canOnInheritance(
  role: number,
  relation: WalletRelation,
  action: InheritanceAction,
  object: { isHeir: boolean; viaPhone?: boolean },
): Decision {
  if (!object.isHeir && !canOnWallet(role, relation, 'view').allowed) return deny('WALLET_NOT_FOUND_ERROR');
  if (action === 'view') return ALLOW;
  // A paired phone answers a nomination (accepting with its own key); the rest is the desktop's.
  if (object.viaPhone && action !== 'accept' && action !== 'deny') return deny('PHONE_SESSION_SCOPE_ERROR');
  const by: InheritanceRole = ['accept', 'deny', 'apply'].includes(action) ? 'heir' : 'testator';
  const allowed = by === 'heir' ? object.isHeir : relation.isSigner;
  return allowed ? ALLOW : deny('PERMISSION_WALLET_OPERATE_ERROR');
}

/**
 * Who may write an on-chain record's remark and cost price: the wallet's operators and the
 * space's admins (the record must be visible to them first: canOnWallet 'view').
 */
export function canNoteRecord(role: number, relation: WalletRelation): Decision {
  return isPrivilegedRole(role) || relation.roles.has('operator')
    ? ALLOW
    : deny('PERMISSION_WALLET_OPERATE_ERROR');
}

/** §6 "risk-control user (manages rules)": only the exchange account's risk-control users change its rules. */
export function canManageRisk(relation: WalletRelation): Decision {
  return relation.roles.has('risk_control') ? ALLOW : deny('PERMISSION_RISK_CONTROL_ERROR');
}

/**
 * Where an approval stands (§4, a transfer's and a risk change's alike): approved once the
 * approvals reach the threshold, rejected once the rejections leave too few deciders to reach it.
 */
export function approvalOutcome(votes: {
  approved: number;
  rejected: number;
  deciders: number;
  threshold: number;
}): 'approved' | 'rejected' | 'open' {
  if (votes.approved >= votes.threshold) return 'approved';
  if (votes.rejected > votes.deciders - votes.threshold) return 'rejected';
  return 'open';
}

/**
 * A waiting risk-control change is approved or rejected by the exchange account's approvers, as
 * a transfer is (issue 17's maker-checker); who proposed it is refused apart (risk-changes.ts).
 */
export function canApproveRiskChange(relation: WalletRelation): Decision {
  return relation.roles.has('approver') ? ALLOW : deny('PERMISSION_APPROVE_ERROR');
}

/** A transfer's fund purpose (§3 transfer tag) is bookkeeping of the same people as record notes. */
export function canLabelTransfer(role: number, relation: WalletRelation): Decision {
  return canNoteRecord(role, relation);
}

/** The stages of a transfer where someone acts (§4: 0 approval, 3 signing, 5 broadcast). */
export type TransferStage = 'approve' | 'sign' | 'broadcast';

/**
 * Who may act at a transfer's stage: approvers approve (canOnWallet 'approve'); whoever holds one
 * of the wallet's keys signs (WalletRelation.isSigner); broadcasters and the broadcast scope's
 * people broadcast (canOnWallet 'broadcast'). "Who acts next" and "needs you" ask this.
 */
export function mayActAtStage(
  role: number,
  relation: WalletRelation,
  stage: TransferStage,
  object: WalletObject = {},
): boolean {
  if (stage === 'sign') return relation.isSigner;
  return canOnWallet(role, relation, stage, object).allowed;
}
