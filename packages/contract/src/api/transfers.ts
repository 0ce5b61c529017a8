import { z } from 'zod';
import { pageQuery, text } from './common';

/** §3 Task/transfer, Address book entry; §7 task, sign, broadcast and address-book calls. */
export const amountString = text().trim().max(120, 'TASK_AMOUNT_INVALID_ERROR');

/** §3 fee selection: tiers slow, standard (recommended), fast, or a custom max fee in Gwei. */
export const feeTierField = z.enum(['slow', 'standard', 'fast', 'custom']);
export const gweiString = text()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,9})?$/, 'FEE_RATE_ERROR');
const hexAddress = text()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR');

export const createTransferBody = z.object({
  wallet_id: z.number().int().positive(),
  to: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120),
  /** A decimal string in the token's units (no exponent, no sign). */
  amount: amountString,
  /** The token's contract, or null/absent for the native coin. */
  token: text().trim().max(120).nullable().optional(),
  remark: text().trim().max(200).optional(),
  /** The fund purpose (a label of the space); required where the wallet's asset-tag switch is on. */
  label_id: z.number().int().positive().optional(),
  /** XRP: the destination tag the recipient (an exchange account) needs; an X-address may carry it too. */
  destination_tag: z
    .number({ message: 'PARAMS_INVALID_ERROR' })
    .int('PARAMS_INVALID_ERROR')
    .min(0, 'PARAMS_INVALID_ERROR')
    .max(4_294_967_295, 'PARAMS_INVALID_ERROR')
    .optional(),
  /** The user saw and accepted a similar-address warning (tag 21) for this recipient. */
  acknowledge_similar: z.boolean().default(false),
  /** The fee the broadcast will offer (EVM: the broadcaster's execTransaction gas price). */
  fee_tier: feeTierField.default('standard'),
  /** Max fee per gas in Gwei when fee_tier is custom. */
  custom_fee_gwei: gweiString.optional(),
  /** Bitcoin family: the fee rate in sat/vB when fee_tier is custom. */
  custom_fee_rate: text()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'FEE_RATE_ERROR')
    .optional(),
  /** Bitcoin family: more recipients in the same transaction (one-to-many), after `to`/`amount`. */
  outputs: z
    .array(z.object({ to: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120), amount: amountString }))
    .max(50, 'PARAMS_INVALID_ERROR')
    .optional(),
  /** Bitcoin family: spend exactly these outpoints ("txid:vout") instead of automatic coin selection. */
  utxos: z
    .array(
      text()
        .trim()
        .regex(/^[0-9a-fA-F]{64}:\d{1,6}$/, 'PARAMS_INVALID_ERROR'),
    )
    .min(1)
    .max(500)
    .optional(),
});

/** POST /fee/estimate: the tiers now (the wizard refreshes them every 30 s). */
export const feeEstimateBody = z.object({ wallet_id: z.number().int().positive() });

/**
 * POST /broadcast-create: the unsigned execTransaction the broadcaster's wallet signs — with the
 * broadcaster's account nonce and fees. At status 6 it is a speed-up: same nonce, higher fees.
 */
export const broadcastCreateBody = z.object({
  task_id: z.number().int().positive(),
  from: hexAddress,
  fee_tier: feeTierField.optional(),
  custom_fee_gwei: gweiString.optional(),
  /** A pre-signed transfer (type 5): the e-mail code of purpose pre_sign_broadcast. */
  email_code: text()
    .regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR')
    .optional(),
});

/**
 * POST /broadcast: either the signed raw transaction, which the server relays exactly once
 * (kept in an outbox before it is sent), or — for wallets that only send — the hash they sent.
 */
export const broadcastBody = z.object({
  task_id: z.number().int().positive(),
  /** Exactly one of raw_tx and tx_hash. */
  raw_tx: text()
    .trim()
    .regex(/^0x[0-9a-fA-F]+$/, 'PARAMS_INVALID_ERROR')
    .max(100_000)
    .optional(),
  tx_hash: text()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'PARAMS_INVALID_ERROR')
    .optional(),
  /** A pre-signed transfer (type 5): the e-mail code of purpose pre_sign_broadcast. */
  email_code: text()
    .regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR')
    .optional(),
});

export const taskIdQuery = z.object({ task_id: z.coerce.number().int().positive() });
export const approveBody = z.object({
  task_id: z.number().int().positive(),
  /** 1 approve, 2 reject. */
  result: z.union([z.literal(1), z.literal(2)]),
  comment: text().trim().max(300).optional(),
  /** Required when the space turned approval verification on. */
  mfa_code: text()
    .regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR')
    .optional(),
});
export const signBody = z.object({
  task_id: z.number().int().positive(),
  /** EVM: the owner's signature of the Safe transaction. */
  signature: text().trim().min(1, 'SIGNATURE_EMPTY_ERROR').max(4000).optional(),
  /** How the wallet signed: EIP-712 typed data (default) or eth_sign. */
  kind: z.enum(['eip712', 'eth_sign']).default('eip712'),
  /** Bitcoin family: the task's PSBT (base64) with the signer's partial signatures added. */
  psbt: text().trim().min(1, 'SIGNATURE_EMPTY_ERROR').max(2_000_000).optional(),
});

/** POST /task/speed-up (Bitcoin family): a BIP-125 replacement at a higher fee rate. */
export const utxoSpeedUpBody = z.object({
  task_id: z.number().int().positive(),
  fee_tier: feeTierField.default('fast'),
  custom_fee_rate: text()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'FEE_RATE_ERROR')
    .optional(),
});
export const revokeBody = z.object({
  task_id: z.number().int().positive(),
  comment: text().trim().max(300).optional(),
});

export const transferListQuery = pageQuery.extend({
  tab: z.enum(['todo', 'all', 'pre_signed']).default('all'),
  wallet_id: z.coerce.number().int().positive().optional(),
  status: z.coerce.number().int().min(0).max(11).optional(),
  /** Advanced filters (§2, admins): token symbol, task number or address, creation period. */
  symbol: text().trim().max(20).optional(),
  keyword: text().trim().max(120).optional(),
  start_time: z.coerce.date().optional(),
  end_time: z.coerce.date().optional(),
  /** Transfers with this fund purpose. */
  label_id: z.coerce.number().int().positive().optional(),
});

/** On-chain records (deposits in, executions out) of the space's wallets. */
export const transferRecordsQuery = pageQuery.extend({
  wallet_id: z.coerce.number().int().positive().optional(),
  /** Transfer records: 1 in, 2 out (§3). */
  direction: z.coerce.number().int().min(1).max(2).optional(),
});

export const addressTagQuery = z.object({
  wallet_id: z.coerce.number().int().positive(),
  address: text().trim().min(1).max(120),
});

export const addressBookBody = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  address: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120),
  /** The chain whose address format the entry follows (the family's rules spell it); EVM when left out. */
  chain_id: text().trim().max(40).optional(),
  memo: text().trim().max(100).optional(),
  description: text().trim().max(99).optional(),
  email_code: text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
});
export const addressBookDeleteBody = z.object({
  id: z.number().int().positive(),
  email_code: text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
});

/** POST /sol-sign-create and /fee/sol-sign-estimate (Solana): the signer's approval of a task. */
export const solSignCreateBody = z.object({
  task_id: z.number().int().positive(),
  /** Which of the caller's signer addresses signs (default: their first one on the wallet not yet counted). */
  signer: text().trim().max(64).optional(),
});
