import { z } from 'zod';
import { PLAN_NAMES } from '../enums';
import { text } from './common';
import { isoTime } from './reply';

/** The space calls of §7 that read or settle what a space needs of its members and its plan. */

/** POST /organization/user-risk: the members (by user id) whose risk an admin reviews; none = all. */
export const userRiskBody = z.object({
  user_ids: z.array(z.number().int().positive()).max(200).optional(),
});

/** One member's risk tags (§3: 1 long inactive, 2 device change, 5 new device, 6 frequent change). */
export const userRiskReply = z.object({
  list: z.array(
    z.object({
      user_id: z.number(),
      nickname: z.string(),
      email: z.string(),
      risk_tags: z.array(z.number()),
      last_seen_at: isoTime.nullable(),
      devices_last_7_days: z.number(),
    }),
  ),
});

/** GET /organization/mfa: what the caller must give to approve in this space, and what they have. */
export const spaceMfaReply = z.object({
  enable_approve_mfa: z.boolean(),
  /** The second factor approving asks for now: the authenticator, or nothing. */
  approve_requires: z.enum(['mfa', 'none']),
  mfa_bound: z.boolean(),
  /** The space switch is on but the caller has no authenticator: approving will be refused. */
  approve_blocked: z.boolean(),
});

/** GET /organization/wallets: the space's wallets against its plan's limits (§4 subscription expiry). */
export const planWalletsReply = z.object({
  plan: z.enum(PLAN_NAMES),
  limits: z.object({ multisig: z.number(), single: z.number() }),
  /** More wallets are in use than the plan allows and no choice has been made: transfers wait. */
  must_choose: z.boolean(),
  list: z.array(
    z.object({
      wallet_id: z.number(),
      name: z.string(),
      chain_id: z.union([z.number(), z.string()]),
      sign_type: z.number(),
      status: z.number(),
      address: z.string().nullable(),
      kept: z.boolean(),
    }),
  ),
});

/** GET /wallets/vip-expired-list: the wallets that stopped moving funds when the paid plan lapsed. */
export const vipExpiredListReply = z.object({ list: planWalletsReply.shape.list });

/** PUT /organization/wallets: the wallets to keep; the others stop moving funds until the plan allows them. */
export const keepWalletsBody = z.object({
  wallet_ids: z.array(z.number().int().positive()).max(1000),
});

/** POST /organization/member/enter: enter a space and get the member's session record (§3). */
export const memberEnterBody = z.object({ organization_id: z.number().int().positive() });

export const memberSessionReply = z.object({
  organization_id: z.number(),
  is_admin: z.boolean(),
  is_operator: z.boolean(),
  /** Chains the plan allows; null = every supported chain. */
  chain_ids: z.array(z.union([z.number(), z.string()])).nullable(),
  org_user_name: z.string(),
  feature_list: z.array(z.string()),
  role: z.number(),
  /** Per wallet the caller has a role on: view, operate, approve, sign. */
  permissions: z.array(
    z.object({
      wallet_id: z.number(),
      roles: z.array(z.string()),
    }),
  ),
});
export type MemberSession = z.infer<typeof memberSessionReply>;

/**
 * POST /fee/single-estimate: what one transfer would cost at each fee tier now, in the chain's
 * coin and in USD (the wizard shows both; Gwei or sat/vB alone is not enough).
 */
export const singleFeeEstimateBody = z.object({
  wallet_id: z.number().int().positive(),
  to: text().trim().min(1).max(200),
  amount: text().trim().min(1).max(80),
  token: text().trim().max(200).optional(),
  utxos: z.array(text().max(80)).max(500).optional(),
  /** XRP: the destination tag, when the recipient requires one. */
  destination_tag: z.number().int().min(0).max(4_294_967_295).optional(),
});

const feeAtTier = z.object({
  /**
   * The tier's rate in the family's unit (Gwei for EVM, sat/vB for the Bitcoin family, sun per
   * energy on Tron, drops per signature slot on XRP, micro-lamports per compute unit on Solana).
   */
  rate: z.string(),
  fee: z.string(),
  fee_usd: z.string().nullable(),
});

export const singleFeeEstimateReply = z.object({
  unit: z.enum(['gwei', 'sat/vB', 'energy', 'drops', 'lamports']),
  symbol: z.string(),
  /**
   * By part, in the smallest unit: Tron what the transfer burns (energy, bandwidth bytes, multisig
   * fee, activation); Solana what the fee payer spends (signatures, priority, the recipient's new
   * token account's rent).
   */
  parts: z.record(z.string(), z.string()).optional(),
  /**
   * Who pays it: the wallet itself (Bitcoin family, Tron, XRP), the broadcaster's account (a Safe's
   * execution), or the space's fee payer (Solana).
   */
  payer: z.enum(['wallet', 'broadcaster', 'fee_payer']),
  tiers: z.object({ slow: feeAtTier, standard: feeAtTier, fast: feeAtTier }),
});

/** GET /organization/invite: the space's invitations (pending by default, or expired), paged. */
export const invitationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(['pending', 'expired']).default('pending'),
});

/** GET /sign: who has signed a transfer, with which key and how, against the threshold. */
export const taskSignaturesQuery = z.object({ task_id: z.coerce.number().int().positive() });
export const taskSignaturesReply = z.object({
  task_id: z.number(),
  threshold: z.number(),
  list: z.array(
    z.object({
      user_id: z.number().nullable(),
      signer: z.string(),
      kind: z.string(),
      created_at: isoTime,
    }),
  ),
});
