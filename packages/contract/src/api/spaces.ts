import { z } from 'zod';
import { PLAN_NAMES } from '../enums';
import { emailField, pageQuery, text } from './common';
import { isoTime, pageOf } from './reply';

/** §3 Space form / Organization, §7 organization calls. */
export const spaceName = text()
  .transform((value) => value.replace(/\s+$/, ''))
  .pipe(text().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'));

export const createSpaceBody = z.object({
  name: spaceName.default('my space'),
  description: text().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
  kind: z.union([z.literal(1), z.literal(2)]).default(1),
  /** experience = trial edition (testnet only); formal = full edition. */
  edition: z.enum(['experience', 'formal']).default('formal'),
});

export const updateSpaceBody = z.object({
  name: spaceName.optional(),
  description: text().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
});

export const enterSpaceBody = z.object({ organization_id: z.number().int().positive() });

export const spaceSettingsBody = z.object({
  enable_approve_mfa: z.boolean().optional(),
  enable_testnet: z.boolean().optional(),
  enable_dapp: z.boolean().optional(),
});

export const SPACE_ROLE_VALUES = [0, 2, 7] as const;
export const inviteRole = z.union([z.literal(0), z.literal(2), z.literal(7)]);

export const inviteBody = z.object({
  /** One or several comma-separated addresses, all invited with the same role (§5). */
  emails: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(2000),
  role: inviteRole,
});

export const memberListQuery = pageQuery.extend({
  status: z.enum(['joined', 'pending', 'expired', 'blocked']).optional(),
  keyword: text().trim().max(100).optional(),
});

export const memberIdBody = z.object({ member_id: z.number().int().positive() });
export const updateMemberBody = z.object({
  member_id: z.number().int().positive(),
  role: inviteRole.optional(),
  /** Block or unblock a joined member. */
  status: z.enum(['joined', 'blocked']).optional(),
});

export const inviteTokenQuery = z.object({ token: text().min(10).max(200) });
export const joinBody = z.object({ token: text().min(10).max(200) });

export const inviteRegisterBody = z.object({
  org_invite_token: text().min(10).max(200),
  email_code: text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
  password: text(),
  language_code: z.enum(['en-US', 'zh-CN', 'zh-HK']).default('en-US'),
});

export const setPlanInput = z.object({
  organization_id: z.number().int().positive(),
  plan: z.enum(PLAN_NAMES),
  months: z.number().int().min(1).max(120),
});

export const auditListQuery = pageQuery.extend({
  type: text().trim().max(50).optional(),
  operation: text().trim().max(80).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  /** Rows about one wallet (the wallet detail's audit tab). */
  wallet_id: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const notificationListQuery = pageQuery.extend({
  tab: z.enum(['all', 'transfer', 'message']).default('all'),
  hide_read: z.enum(['true', 'false']).default('false'),
  keyword: text().trim().max(100).optional(),
});
export const markReadBody = z.object({
  ids: z.array(z.number().int().positive()).max(500).optional(),
  all: z.boolean().optional(),
});

export const inviteEmails = (raw: string) =>
  raw
    .split(/[,，;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
export const inviteEmailField = emailField;

/* Replies (§3 Organization, Member; §7 organization, audit and notification calls). */

/** A space as the spaces API presents it (GET /organization, /organization/base-info, …). */
export const spaceReply = z.object({
  organization_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** 1 Company, 2 Family. */
  kind: z.union([z.literal(1), z.literal(2)]),
  /** 1/2 trial, 3/4 full. */
  type: z.number(),
  edition: z.enum(['experience', 'formal']),
  /** 0 Member, 1 Creator, 2 Admin, 7 User. */
  role: z.number(),
  is_admin: z.boolean(),
  /** The user operates at least one wallet of the space. */
  is_operator: z.boolean(),
  is_open_approve: z.boolean(),
  is_open_testnet: z.boolean(),
  is_open_dapp: z.boolean(),
  environment_scan: z.enum(['scanning', 'secure', 'error']),
  /** testnet, approve_mfa, dapp, vip, payment, keyvault_family. */
  feature_list: z.array(z.string()),
  vip_category: z.enum(PLAN_NAMES),
  vip_data: z.object({
    transfer_record_duration: z.number(),
    transfer_category: z.array(z.string()),
    /** null: every supported chain. */
    vip_chain_ids: z.array(z.union([z.number(), z.string()])).nullable(),
    wallet_num: z.number(),
    org_user_num: z.number(),
    org_payment_num: z.number(),
    historical_transaction_duration: z.number(),
    vip_expired_time: isoTime.nullable(),
  }),
  /** 3-day extensions the space may still request in this paid period (0 or 1). */
  vip_extension_num: z.number(),
  vip_notice: z.enum(['unexpired', 'about_to_expire', 'expired']),
  /** Chains the plan allows; null: every supported chain. */
  chain_ids: z.array(z.union([z.number(), z.string()])).nullable(),
  created_at: isoTime,
  member_count: z.number(),
  wallet_count: z.number(),
});
export type Space = z.infer<typeof spaceReply>;

/** GET /organization: the user's spaces and the one entered last (ks_last_space cookie). */
export const spaceListReply = z.object({ list: z.array(spaceReply), last_entered: z.number().nullable() });
export type SpaceList = z.infer<typeof spaceListReply>;
/** POST /organization/enter: the space, with the user's nickname. */
export const enterSpaceReply = spaceReply.extend({ org_user_name: z.string() });
export type EnterSpaceReply = z.infer<typeof enterSpaceReply>;

export const SCAN_FINDING_CODES = [
  'admin_without_authenticator',
  'approval_verification_off',
  'stale_invitations',
] as const;
/** POST /organization/environment-scan. */
export const environmentScanReply = z.object({
  environment_scan: z.enum(['secure', 'error']),
  findings: z.array(z.object({ code: z.enum(SCAN_FINDING_CODES), detail: z.string() })),
});
export type EnvironmentScan = z.infer<typeof environmentScanReply>;

export const memberStatusField = z.enum(['joined', 'pending', 'expired', 'blocked']);
export type MemberStatusName = z.infer<typeof memberStatusField>;
export const memberReply = z.object({
  member_id: z.number(),
  user_id: z.number().nullable(),
  nickname: z.string().nullable(),
  email: z.string(),
  role: z.number(),
  status: memberStatusField,
  join_time: isoTime.nullable(),
  invited_at: isoTime,
  permissions: z.array(
    z.object({ wallet_id: z.number(), wallet_name: z.string(), permissions: z.array(z.string()) }),
  ),
  /** 1 inactive 30 days, 2 device change, 5 new device login, 6 frequent device change. */
  risk_tags: z.array(z.number()),
});
export type Member = z.infer<typeof memberReply>;
export const memberPageReply = pageOf(memberReply);
export type MemberPage = z.infer<typeof memberPageReply>;

/** POST /organization/invite: the addresses invited (lower case, without duplicates). */
export const inviteReply = z.object({ invited: z.array(z.string()) });
export type InviteReply = z.infer<typeof inviteReply>;

/** GET /organization/org-invite-info. */
export const inviteInfoReply = z.object({
  organization_id: z.number(),
  organization_name: z.string(),
  email: z.string(),
  role: z.number(),
  inviter_name: z.string().nullable(),
  status: memberStatusField,
  /** An account with the invited address exists (sign in) or not (register). */
  registered: z.boolean(),
});
export type InviteInfo = z.infer<typeof inviteInfoReply>;
/** POST /organization/join and /invite-register: the space joined and the role in it. */
export const joinReply = z.object({ organization_id: z.number(), role: z.number() });
export type JoinReply = z.infer<typeof joinReply>;

export const auditRowReply = z.object({
  id: z.number(),
  type: z.string(),
  operation: z.string(),
  /** What the operation changed; its shape depends on type and operation. */
  content: z.unknown(),
  /** The wallet the row is about (named in content, or the wallet of its transfer). */
  wallet_name: z.string().nullable(),
  /** The transfer the row is about, as users see it (T000002). */
  task_number: z.string().nullable(),
  space_user: z.string().nullable(),
  user_id: z.number().nullable(),
  ip: z.string().nullable(),
  location: z.string().nullable(),
  time: isoTime,
});
export type AuditRow = z.infer<typeof auditRowReply>;
/** GET /audit-log; `total_exact` false: the filtered total was capped (show "10 000+"). */
export const auditPageReply = pageOf(auditRowReply).extend({ total_exact: z.boolean() });
export type AuditPage = z.infer<typeof auditPageReply>;
/** One broken row of an audit chain, or (rowId null) a chain whose signed checkpoint does not hold. */
export const auditBrokenLink = z.object({
  chain: z.string(),
  rowId: z.number().nullable(),
  reason: z.enum([
    'hash mismatch',
    'entry mac invalid',
    'link mismatch',
    'checkpoint missing',
    'checkpoint signature invalid',
    'rows missing after checkpoint',
    'checkpoint mismatch',
  ]),
});
/** GET /audit-log/verify: whether the hash chains hold; every broken row (and the first). */
export const auditVerifyReply = z.object({
  intact: z.boolean(),
  rows: z.number(),
  first_broken: auditBrokenLink.nullable(),
  broken: z.array(auditBrokenLink),
});
export type AuditVerifyReport = z.infer<typeof auditVerifyReply>;

export const notificationReply = z.object({
  id: z.number(),
  category: z.enum(['transfer', 'message']),
  title: z.string(),
  body: z.string(),
  organization_id: z.number().nullable(),
  organization_name: z.string().nullable(),
  wallet_name: z.string().nullable(),
  task_number: z.string().nullable(),
  /** The page it is about (`/task/12`), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: isoTime,
});
export type NotificationItem = z.infer<typeof notificationReply>;
/** GET /notification: one page and the user's unread count. */
export const notificationPageReply = pageOf(notificationReply).extend({ unread_count: z.number() });
export type NotificationPage = z.infer<typeof notificationPageReply>;
/** POST /notification/read: how many were marked. */
export const markReadReply = z.object({ updated: z.number() });
export type MarkReadReply = z.infer<typeof markReadReply>;
