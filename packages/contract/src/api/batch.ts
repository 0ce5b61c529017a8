import { z } from 'zod';
import { text } from './common';
import { labelReply } from './labels';
import { feeTierField, gweiString } from './transfers';

/**
 * §5 batch (one-to-many): a list of recipients, uploaded as the template's CSV or typed as rows,
 * paid by one transaction of the wallet. `/fee/estimate-one-to-many` checks every row and prices
 * it; `/task/one-to-many` checks the same and creates the task (type 4). Either answers
 * BATCH_ROWS_INVALID_ERROR with every bad row at once (`data.rows`), and then writes nothing.
 */
export const batchRowInput = z.object({
  address: text().max(200),
  amount: text().max(120),
  /** Symbol or contract of one of the wallet's assets; empty: the chain's coin. */
  token: text().max(120).optional(),
  /** Kept with the row (shown in the detail). */
  memo: text().max(200).optional(),
  /** A label's name (any case) or code; required where the wallet's asset-tag switch is on. */
  fund_purpose: text().max(60).optional(),
});
export type BatchRowInput = z.infer<typeof batchRowInput>;

export const batchBody = z.object({
  wallet_id: z.number().int().positive(),
  /** The template's CSV as text (UTF-8, at most 5 MB); or `rows`. */
  csv: text().optional(),
  rows: z.array(batchRowInput).max(5_000, 'PARAMS_INVALID_ERROR').optional(),
  fee_tier: feeTierField.default('standard'),
  custom_fee_gwei: gweiString.optional(),
  custom_fee_rate: text()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'FEE_RATE_ERROR')
    .optional(),
  /** The operator saw and accepted look-alike warnings of these recipients. */
  acknowledge_similar: z.boolean().default(false),
  remark: text().trim().max(200).optional(),
  /** The fund purpose of rows that name none (and of the task). */
  label_id: z.number().int().positive().optional(),
});

/** One refused row: its number in the file (header = 1; typed rows count from 1), the column and why. */
export const batchRowErrorReply = z.object({
  row: z.number(),
  column: z.enum(['address', 'amount', 'token', 'memo', 'fund_purpose']),
  code: z.string(),
  message: z.string(),
});
export type BatchRowError = z.infer<typeof batchRowErrorReply>;

/** A row as the server read it from the file or list (the error reply's `data.sheet`). */
export interface BatchSheetRow {
  row: number;
  address: string;
  amount: string;
  token: string;
  memo: string;
  fund_purpose: string;
}

export const batchRowReply = z.object({
  row: z.number(),
  address: z.string(),
  amount: z.string(),
  symbol: z.string(),
  token_key: z.string(),
  memo: z.string().nullable(),
  fund_purpose: labelReply.nullable(),
});
export type BatchRow = z.infer<typeof batchRowReply>;

export const batchEstimateReply = z.object({
  recipients: z.number(),
  /** The most one batch may pay on the space's plan. */
  max_recipients: z.number(),
  rows: z.array(batchRowReply),
  /** Per asset: the batch's total and what the wallet can spend now. */
  totals: z.array(
    z.object({ symbol: z.string(), token_key: z.string(), amount: z.string(), available: z.string() }),
  ),
  fee: z.object({
    unit: z.string(),
    /** The coin the fee is paid in. */
    symbol: z.string(),
    /** In the coin's units: the built transaction's (Bitcoin family), or gas × max fee per gas. */
    fee: z.string(),
    fee_usd: z.string().nullable(),
    rate: z.string(),
    /** EVM: the execution gas the estimate assumes. */
    gas_limit: z.string().nullable(),
    /** Who pays it: the wallet itself, or the broadcaster's account (EVM). */
    paid_by: z.enum(['wallet', 'broadcaster']),
  }),
});
export type BatchEstimate = z.infer<typeof batchEstimateReply>;

/** A batch's rows in the task detail, with what each did on chain once the batch executed. */
export const batchOutputReply = batchRowReply.extend({
  /** pending until the batch's transaction is final; paid or failed after (one transaction: all or none). */
  effect: z.enum(['pending', 'paid', 'failed']),
});
