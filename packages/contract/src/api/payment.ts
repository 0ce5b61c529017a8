import { z } from 'zod';
import { pageQuery, text } from './common';
import { listOf, pageOf } from './reply';

// Statuses and types: PaymentAddressStatus, PaymentRecordType, PaymentRecordStatus (states.ts).

/** What a consumption (PaymentRecordType.Fee) paid for. */
export const SPONSORED_PURPOSES = ['wallet_create', 'approval', 'execution'] as const;
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
