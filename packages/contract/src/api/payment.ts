import { z } from 'zod';
import { pageQuery, sixDigitCode, text } from './common';
import { listOf, pageOf } from './reply';

// Statuses and types: PaymentAddressStatus, PaymentRecordType, PaymentRecordStatus (states.ts).

/** What a record is: what a consumption (type 3) paid for, a refund (2) or a deposit (1). */
export const SPONSORED_PURPOSES = ['wallet_create', 'approval', 'execution', 'refund', 'deposit'] as const;
export type SponsoredPurpose = (typeof SPONSORED_PURPOSES)[number];

/**
 * A payment (fee-sponsoring) address of the space on one chain (GET /wallets/payment/list): a
 * platform-held key (Solana fee payer) — the key itself never leaves the server. `balance` is
 * null when the chain could not be read now (`balance_error` says so; never shown as zero).
 */
export const paymentAddressReply = z.object({
  id: z.number(),
  family: z.string(),
  chain: z.string(),
  chain_name: z.string(),
  address: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  balance: z.string().nullable(),
  balance_error: z.boolean(),
  status: z.number(),
  /** The name an admin gave it (EVM payment addresses); null for the Solana fee payer. */
  name: z.string().nullable(),
  /** Wallets bound to it (EVM): their transfers' executions are sent and paid by it. */
  bound_wallets: z.number(),
  created_at: z.string(),
});
export type PaymentAddress = z.infer<typeof paymentAddressReply>;
export const paymentAddressListReply = listOf(paymentAddressReply);

export const paymentRecordQuery = pageQuery.extend({
  type: z.coerce.number().int().min(1).max(3).optional(),
  chain: text().trim().max(40).optional(),
});

/**
 * A payment record (GET /wallets/payment/records). A consumption's `fee` is the network fee and
 * `volume` what else left the payer (rent deposits, program fees), both in the chain's smallest
 * unit and read from the landed transaction (a negative volume is rent the payer got back when
 * accounts closed); null while it is pending.
 */
export const paymentRecordReply = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  purpose: z.string(),
  chain: z.string(),
  chain_name: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  hash: z.string(),
  sender: z.string(),
  receiver: z.string().nullable(),
  volume: z.string().nullable(),
  fee: z.string().nullable(),
  wallet_id: z.number().nullable(),
  wallet_name: z.string().nullable(),
  task_id: z.number().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordReply>;
export const paymentRecordPageReply = pageOf(paymentRecordReply);

const id = z.number().int().positive();
const queryId = z.coerce.number().int().positive();

/**
 * POST /wallets/payment/generate: a new EVM payment address of the space (one key for every EVM
 * chain; the server generates and seals it). E-mail code of purpose payment_add.
 */
export const paymentGenerateBody = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(50, 'PARAMS_INVALID_ERROR'),
  email_code: sixDigitCode,
});
export const paymentGenerateReply = z.object({ id: z.number(), address: z.string() });

/** POST /wallets/payment/switch: the wallet's payment switch (codes payment_open / payment_close). */
export const paymentSwitchBody = z.object({ wallet_id: id, open: z.boolean(), email_code: sixDigitCode });

/**
 * POST /wallets/payment/binding: binds an EVM wallet to a payment address of its space (code
 * payment_bind), or unbinds it with `payment_address_id` null (code payment_unbind).
 */
export const paymentBindingBody = z.object({
  wallet_id: id,
  payment_address_id: id.nullable(),
  email_code: sixDigitCode,
});

/** GET /wallets/payment/changeable: a wallet's payment setting and the addresses it may bind. */
export const paymentChangeableQuery = z.object({ wallet_id: queryId });
const paymentChoice = z.object({ id: z.number(), name: z.string().nullable(), address: z.string() });
export const paymentSettingReply = z.object({
  wallet_id: z.number(),
  /** Only EVM wallets can be sponsored by a payment address. */
  evm: z.boolean(),
  payment_on: z.boolean(),
  payment_address: paymentChoice.nullable(),
  choices: z.array(paymentChoice),
});
export type PaymentSetting = z.infer<typeof paymentSettingReply>;

/** GET /wallets/payment/refund-fee: what a refund from the address on that chain costs now. */
export const refundFeeQuery = z.object({ payment_address_id: queryId, chain: text().trim().min(1).max(40) });
export const refundFeeReply = z.object({
  /** Network fee in the smallest unit (the most the refund may pay). */
  fee: z.string(),
  balance: z.string(),
  /** The most that can be refunded: balance less the fee (never below zero). */
  max: z.string(),
  symbol: z.string(),
  decimals: z.number(),
});
export type RefundFee = z.infer<typeof refundFeeReply>;

/**
 * POST /wallets/payment/refund: sends `amount` (decimal, in the chain's native coin) back from the
 * payment address to `to`, signed by the server (code payment_refund). One refund at a time.
 */
export const paymentRefundBody = z.object({
  payment_address_id: id,
  chain: text().trim().min(1).max(40),
  to: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(100, 'CHAIN_ADDRESS_INVALID_ERROR'),
  amount: text()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'TASK_AMOUNT_INVALID_ERROR'),
  email_code: sixDigitCode,
});
/** A payment-address transaction the server sent: its record (pending) and hash. */
export const paymentSentReply = z.object({ id: z.number(), hash: z.string() });

/**
 * POST /wallets/payment/speed-up: sends a pending refund or sponsored execution again at the same
 * account nonce with fees raised enough to replace it; the old record is left to settle (the chain
 * keeps one of them).
 */
export const paymentSpeedUpBody = z.object({ record_id: id });
