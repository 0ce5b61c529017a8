import { z } from 'zod';
import { sixDigitCode, text } from './common';
import { decimalString, isoTime } from './reply';

/**
 * The transfer policy of a space (issue 21): an ordered list of rules, first match wins. A rule
 * matches when every condition it names holds; its action says what the transfer then needs.
 * No rule matching means the wallet's own approval threshold, as without a policy.
 */

const usdAmount = text()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,6})?$/, 'PARAMS_INVALID_ERROR');
const tokenAmount = text()
  .trim()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, 'PARAMS_INVALID_ERROR');
/** A range: at least `gte` (inclusive) and below `lt` (exclusive); either may be left out. */
const range = <T extends z.ZodType>(bound: T) => z.object({ gte: bound.optional(), lt: bound.optional() });
const hhmm = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'PARAMS_INVALID_ERROR');

/** What the destination is, as the address tags of §3 say (any one listed kind matches). */
export const POLICY_DESTINATIONS = ['whitelisted', 'new', 'risky', 'own_wallet', 'external'] as const;
export type PolicyDestination = (typeof POLICY_DESTINATIONS)[number];

export const policyConditions = z.object({
  /** The transfer's value in USD at the current price (a batch: its total, and each recipient). */
  amount_usd: range(usdAmount).optional(),
  /** The amount in one token's units (only transfers of that symbol match). */
  token_amount: range(tokenAmount)
    .extend({ symbol: text().trim().min(1).max(20) })
    .optional(),
  symbols: z.array(text().trim().min(1).max(20)).min(1).max(50).optional(),
  chains: z.array(text().trim().min(1).max(40)).min(1).max(50).optional(),
  wallet_ids: z.array(z.number().int().positive()).min(1).max(200).optional(),
  initiator_ids: z.array(z.number().int().positive()).min(1).max(200).optional(),
  destinations: z.array(z.enum(POLICY_DESTINATIONS)).min(1).optional(),
  /** Address-book entries by name (the recipient is one of them). */
  address_book_names: z.array(text().trim().min(1).max(60)).min(1).max(200).optional(),
  /** Inside (or, with `outside`, outside) these days and hours of a time zone; `to` may wrap past midnight. */
  time_window: z
    .object({
      days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
      from: hhmm,
      to: hhmm,
      time_zone: text().trim().min(1).max(60),
      outside: z.boolean().default(false),
    })
    .optional(),
  /** Rolling sum (USD) or count of the wallet's or the space's transfers, this one included. */
  velocity: z
    .object({
      scope: z.enum(['wallet', 'space']),
      window: z.enum(['24h', '7d']),
      measure: z.enum(['usd', 'count']),
      gte: usdAmount,
    })
    .optional(),
});
export type PolicyConditions = z.infer<typeof policyConditions>;

export const policyAction = z.object({
  kind: z.enum(['allow', 'block']),
  /** Shown to the operator when the rule blocks (required then). */
  reason: text().trim().max(200).optional(),
  /** N approvals from a named group: besides the wallet's threshold, or instead of it. */
  group_approvals: z
    .object({
      group: text().trim().min(1).max(60),
      count: z.number().int().min(1).max(20),
      replaces_wallet_threshold: z.boolean().default(false),
    })
    .optional(),
  /** Approvers give their authenticator code for this transfer. */
  second_factor: z.boolean().default(false),
  /** Minutes between the last approval (or the creation) and the earliest broadcast. */
  delay_minutes: z.number().int().min(1).max(43_200).optional(),
});
export type PolicyAction = z.infer<typeof policyAction>;

export const policyRule = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(60),
  when: policyConditions,
  then: policyAction,
});
export type PolicyRule = z.infer<typeof policyRule>;

export const policyGroup = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(60),
  member_ids: z.array(z.number().int().positive()).min(1).max(100),
});

export const policyDocument = z.object({
  rules: z.array(policyRule).max(200),
  groups: z.array(policyGroup).max(30).default([]),
  /** Approvals by other admins a change of this policy needs (the quorum in force decides). */
  change_quorum: z.number().int().min(1).max(10).default(1),
});
export type PolicyDocument = z.infer<typeof policyDocument>;

/** What a transfer needs after the policy: stored on the task, shown on its detail and list. */
export const taskPolicyReply = z.object({
  /** Every rule that matched (a batch: its total and each recipient), first the one shown. */
  matches: z.array(
    z.object({
      rule: z.number(),
      name: z.string(),
      /** The conditions that held, in English (e.g. "amount $150,000 ≥ $100,000"). */
      why: z.array(z.string()),
    }),
  ),
  groups: z.array(
    z.object({
      name: z.string(),
      count: z.number(),
      member_ids: z.array(z.number()),
      replaces_wallet_threshold: z.boolean(),
    }),
  ),
  second_factor: z.boolean(),
  delay_minutes: z.number().nullable(),
  /** The transfer's USD value when evaluated (null: a token without a price). */
  amount_usd: decimalString.nullable(),
  /** "Rule 3 “Large”: … → 3 approvals from Finance" (English; the web builds its own). */
  summary: z.string(),
  evaluated_at: isoTime,
  evaluated_on: z.enum(['create', 'approval']),
});
export type TaskPolicyReply = z.infer<typeof taskPolicyReply>;

const person = z.object({ id: z.number(), name: z.string() });

export const policyChangeItem = z.object({
  id: z.number(),
  document: policyDocument,
  /** The policy version it was proposed against. */
  base_version: z.number(),
  quorum: z.number(),
  proposed_by: person,
  created_at: isoTime,
  votes: z.array(
    z.object({ user: person, result: z.number(), comment: z.string().nullable(), created_at: isoTime }),
  ),
  can_vote: z.boolean(),
  can_revoke: z.boolean(),
});
export type PolicyChangeItem = z.infer<typeof policyChangeItem>;

export const transferPolicyReply = z.object({
  /** null until a first change is approved: every transfer follows its wallet's threshold. */
  in_force: z
    .object({
      version: z.number(),
      document: policyDocument,
      updated_at: isoTime,
    })
    .nullable(),
  pending_change: policyChangeItem.nullable(),
  /** The admins who may approve a change (the proposer is not one of them for its own change). */
  admins: z.array(person),
  /** The space's members, for groups and initiators. */
  members: z.array(person),
});
export type TransferPolicyReply = z.infer<typeof transferPolicyReply>;

export const proposePolicyBody = z.object({ document: policyDocument });
export const policyVoteBody = z.object({
  change_id: z.number().int().positive(),
  result: z.union([z.literal(1), z.literal(2)]),
  comment: text().trim().max(200).optional(),
  mfa_code: sixDigitCode.optional(),
});
export const policyRevokeBody = z.object({ change_id: z.number().int().positive() });

/** The dry-run tester: which rule a sample transfer would hit (the policy in force, or a draft). */
export const policyTestBody = z.object({
  wallet_id: z.number().int().positive(),
  to: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120),
  amount: tokenAmount,
  /** The token's contract, or absent for the native coin. */
  token: text().trim().max(120).nullable().optional(),
  initiator_id: z.number().int().positive().optional(),
  /** Evaluate at this moment instead of now (time windows). */
  at: isoTime.optional(),
  /** A draft to test instead of the policy in force. */
  document: policyDocument.optional(),
});
export const policyTestReply = z.object({
  outcome: z.enum(['allow', 'block']),
  /** The block reason, when blocked. */
  reason: z.string().nullable(),
  /** null: no rule matched, the wallet's threshold alone. */
  policy: taskPolicyReply.nullable(),
  /** Each rule in order until the match: why it did not match. */
  trace: z.array(z.object({ rule: z.number(), name: z.string(), failed: z.string().nullable() })),
});
export type PolicyTestReply = z.infer<typeof policyTestReply>;
