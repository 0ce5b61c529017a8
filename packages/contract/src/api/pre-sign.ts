import { z } from 'zod';
import { text } from './common';
import { listOf } from './reply';
import { taskReply } from './transfer-replies';
import { amountString, feeTierField, gweiString } from './transfers';

/**
 * §5 pre-signed transfers (task type 5): up to 10 transfers built now — each with a name and its
 * fee — taking consecutive Safe nonces, approved and signed while the signers are present, and
 * broadcast later, one by one, with an e-mail code (purpose pre_sign_broadcast).
 */
export const preSignItem = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(40, 'PARAMS_INVALID_ERROR'),
  to: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120),
  amount: amountString,
  /** The token's contract, or absent for the chain's coin. */
  token: text().trim().max(120).nullable().optional(),
  fee_tier: feeTierField.default('standard'),
  custom_fee_gwei: gweiString.optional(),
  remark: text().trim().max(200).optional(),
  /** The fund purpose; required where the wallet's asset-tag switch is on. */
  label_id: z.number().int().positive().optional(),
});

export const preSignBody = z.object({
  wallet_id: z.number().int().positive(),
  transfers: z.array(preSignItem).min(1, 'PARAMS_REQUIRED_ERROR').max(50, 'PARAMS_INVALID_ERROR'),
  /** The operator saw and accepted look-alike warnings of these recipients. */
  acknowledge_similar: z.boolean().default(false),
});

/** POST /fee/pre-signature: what each transfer would take (its nonce) and what its broadcast costs. */
export const preSignEstimateReply = z.object({
  /** Pre-signed transfers of the wallet still waiting, and the most it may have. */
  waiting: z.number(),
  max: z.number(),
  transfers: z.array(
    z.object({
      name: z.string(),
      /** The Safe nonce it would take. */
      nonce: z.string().nullable(),
      /** The broadcast's fee at the item's tier (paid by the broadcaster's account), in the coin. */
      fee: z.string(),
      fee_symbol: z.string(),
      rate: z.string(),
    }),
  ),
});
export type PreSignEstimate = z.infer<typeof preSignEstimateReply>;

/** POST /task/pre-signature: the tasks created, in nonce order. */
export const preSignCreatedReply = listOf(taskReply);
