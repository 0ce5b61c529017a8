import { z } from 'zod';
import { text } from './common';
import { listOf } from './reply';
import { taskReply } from './transfer-replies';
import { amountString, feeTierField, gweiString } from './transfers';

/**
 * §5 pre-signed transfers (task type 5): up to 10 transfers built now — each with a name and its
 * fee — taking consecutive Safe nonces (or distinct coins), approved and signed while the signers are present, and
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
  /** Bitcoin family: the fee rate in sat/vB when fee_tier is custom. */
  custom_fee_rate: text()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'FEE_RATE_ERROR')
    .optional(),
  /** Bitcoin family (§3 preSignBTCUTXOList): spend exactly these outpoints ("txid:vout"). */
  utxos: z
    .array(
      text()
        .trim()
        .regex(/^[0-9a-fA-F]{64}:\d{1,6}$/, 'PARAMS_INVALID_ERROR'),
    )
    .min(1)
    .max(500)
    .optional(),
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
      /** The Safe nonce it would take (EVM). */
      nonce: z.string().nullable(),
      /** The coins it would spend and hold until it is broadcast or revoked (Bitcoin family). */
      inputs: z.array(z.string()),
      /** Its fee at the item's tier, in the coin: the built transaction's (Bitcoin family), or the broadcaster's execution (EVM). */
      fee: z.string(),
      fee_symbol: z.string(),
      rate: z.string(),
    }),
  ),
});
export type PreSignEstimate = z.infer<typeof preSignEstimateReply>;

/** POST /task/pre-signature: the tasks created, in nonce order. */
export const preSignCreatedReply = listOf(taskReply);
