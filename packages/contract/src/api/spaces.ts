import { z } from 'zod';
import { PLAN_NAMES } from '../enums';
import { emailField, pageQuery } from './common';

/** §3 Space form / Organization, §7 organization calls. */
export const spaceName = z
  .string()
  .transform((value) => value.replace(/\s+$/, ''))
  .pipe(z.string().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'));

export const createSpaceBody = z.object({
  name: spaceName.default('my space'),
  description: z.string().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
  kind: z.union([z.literal(1), z.literal(2)]).default(1),
  /** experience = trial edition (testnet only); formal = full edition. */
  edition: z.enum(['experience', 'formal']).default('formal'),
});

export const updateSpaceBody = z.object({
  name: spaceName.optional(),
  description: z.string().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
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
  emails: z.string().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(2000),
  role: inviteRole,
});

export const memberListQuery = pageQuery.extend({
  status: z.enum(['joined', 'pending', 'expired', 'blocked']).optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const memberIdBody = z.object({ member_id: z.number().int().positive() });
export const updateMemberBody = z.object({
  member_id: z.number().int().positive(),
  role: inviteRole.optional(),
  /** Block or unblock a joined member. */
  status: z.enum(['joined', 'blocked']).optional(),
});

export const inviteTokenQuery = z.object({ token: z.string().min(10).max(200) });
export const joinBody = z.object({ token: z.string().min(10).max(200) });

export const inviteRegisterBody = z.object({
  org_invite_token: z.string().min(10).max(200),
  email_code: z.string().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
  password: z.string(),
  language_code: z.enum(['en-US', 'zh-CN', 'zh-HK']).default('en-US'),
});

export const setPlanInput = z.object({
  organization_id: z.number().int().positive(),
  plan: z.enum(PLAN_NAMES),
  months: z.number().int().min(1).max(120),
});

export const auditListQuery = pageQuery.extend({
  type: z.string().trim().max(50).optional(),
  operation: z.string().trim().max(80).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  /** Rows about one wallet (the wallet detail's audit tab). */
  wallet_id: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const notificationListQuery = pageQuery.extend({
  tab: z.enum(['all', 'transfer', 'message']).default('all'),
  hide_read: z.enum(['true', 'false']).default('false'),
  keyword: z.string().trim().max(100).optional(),
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
