import type { FamilyAdapter } from '@keystead/chains';
import {
  PaymentRecordStatus,
  PaymentRecordType,
  type RefundFee,
  type SponsoredPurpose,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { parseAmount } from '../transfers/amount';
import { broadcastTransfer } from '../transfers/transfer-broadcast';
import { family, feeChoice } from '../transfers/transfer-family';
import { findPaymentAddress, type PaymentAddressRef } from './evm-payment-keys';
import { nativeBalance } from './payment-addresses';
import { claimNonce, relaySponsored, signSponsored, type SignedSend } from './evm-payment-send';
import { recordSponsored } from './payment-records';

const STANDARD = feeChoice('standard', null);

/** The space's payment address and an EVM chain served here it can send on. */
function payerOn(ctx: AppContext, chainKey: string): FamilyAdapter {
  const served = ctx.chains.list().some((e) => String(e.chainId) === chainKey);
  if (!served) throw new AppError('PARAMS_INVALID_ERROR', { field: 'chain' });
  const adapter = ctx.chains.family(chainKey);
  if (!adapter.prepareNativeSend) throw new AppError('PAYMENT_EVM_ONLY_ERROR');
  return adapter;
}

async function spacePayer(ctx: AppContext, actor: CommandContext, id: number): Promise<PaymentAddressRef> {
  const payer = await findPaymentAddress(ctx.db, actor.organization.id, id);
  if (!payer) throw new AppError('ADDRESS_NOT_FOUND_ERROR');
  return payer;
}

/** The payer's coin balance, or the service's balance error when the chain cannot be read now. */
async function payerBalance(adapter: FamilyAdapter, address: string): Promise<bigint> {
  const balance = await nativeBalance(adapter, address);
  if (balance === null) throw new AppError('WS_BALANCE_QUERY_ERROR');
  return balance;
}

/** GET /wallets/payment/refund-fee: the refund's network fee now, the balance and what can go back. */
export async function refundFee(
  ctx: AppContext,
  actor: CommandContext,
  input: { payment_address_id: number; chain: string },
): Promise<RefundFee> {
  const payer = await spacePayer(ctx, actor, input.payment_address_id);
  const adapter = payerOn(ctx, input.chain);
  const [unsigned, balance] = await Promise.all([
    adapter.prepareNativeSend!({
      from: payer.address,
      to: payer.address,
      value: 0n,
      fee: STANDARD,
      previousRaw: null,
    }).catch(() => {
      throw new AppError('PAYMENT_REFUND_FEE_ESTIMATE_ERROR');
    }),
    payerBalance(adapter, payer.address),
  ]);
  const fee = unsigned.gas * unsigned.maxFeePerGas;
  const { nativeSymbol, nativeDecimals } = adapter.chain.info;
  return {
    fee: fee.toString(),
    balance: balance.toString(),
    max: (balance > fee ? balance - fee : 0n).toString(),
    symbol: nativeSymbol,
    decimals: nativeDecimals,
  };
}

async function openRefund(db: Db, payerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payment_records')
    .select('id')
    .where('payment_address_id', '=', payerId)
    .where('type', '=', PaymentRecordType.Refund)
    .where('status', '=', PaymentRecordStatus.Pending)
    .executeTakeFirst();
  return Boolean(row);
}

interface RecordedSend {
  payer: PaymentAddressRef;
  chainKey: string;
  type: number;
  purpose: SponsoredPurpose;
  receiver: string;
  volume: bigint;
  signed: SignedSend;
  speedUp: boolean;
}

/** Stores the send (pending, with its bytes) under the payer's nonce lock, then sends it. */
async function recordAndRelay(
  ctx: AppContext,
  actor: CommandContext,
  send: RecordedSend,
  inTransaction: (trx: Db) => Promise<void>,
): Promise<{ id: number; hash: string }> {
  const { payer, signed } = send;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await claimNonce(trx, payer.id, signed, send.speedUp);
    await inTransaction(trx);
    await recordSponsored(trx, {
      organizationId: payer.organizationId,
      chainKey: send.chainKey,
      purpose: send.purpose,
      type: send.type,
      sender: payer.address,
      receiver: send.receiver,
      hashes: [signed.hash],
      walletId: null,
      paymentAddressId: payer.id,
      raw: signed.raw,
      nonce: signed.nonce,
      volume: send.volume,
    });
    await writeAudit(trx, {
      organizationId: payer.organizationId,
      userId: actor.user.id,
      type: 'payment',
      operation: send.speedUp ? 'payment_speed_up' : 'payment_refund',
      ip: actor.ip,
      content: {
        payment_address_id: payer.id,
        chain: send.chainKey,
        to: send.receiver,
        volume: send.volume.toString(),
        hash: signed.hash,
        nonce: signed.nonce,
      },
    });
    const row = await trx
      .selectFrom('payment_records')
      .select('id')
      .where('chain_key', '=', send.chainKey)
      .where('hash', '=', signed.hash)
      .executeTakeFirstOrThrow();
    return row.id;
  });
  await relaySponsored(ctx, send.chainKey, signed);
  return { id, hash: signed.hash };
}

/**
 * POST /wallets/payment/refund: sends coin back from the payment address, signed by the server.
 * One refund at a time per address; the amount and the fee must fit the balance.
 */
export async function refundPayment(
  ctx: AppContext,
  actor: CommandContext,
  input: { payment_address_id: number; chain: string; to: string; amount: string; email_code: string },
): Promise<{ id: number; hash: string }> {
  const payer = await spacePayer(ctx, actor, input.payment_address_id);
  const adapter = payerOn(ctx, input.chain);
  const to = await family(() => adapter.recipient(input.to));
  const value = parseAmount(input.amount, adapter.chain.info.nativeDecimals);
  const codeId = await checkEmailCode(ctx, 'payment_refund', actor.user.email, input.email_code);
  if (await openRefund(ctx.db, payer.id)) throw new AppError('PAYMENT_REFUND_PENDING_ERROR');
  const [unsigned, balance] = await Promise.all([
    family(() =>
      adapter.prepareNativeSend!({ from: payer.address, to, value, fee: STANDARD, previousRaw: null }),
    ),
    payerBalance(adapter, payer.address),
  ]);
  if (value + unsigned.gas * unsigned.maxFeePerGas > balance)
    throw new AppError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
  const signed = await signSponsored(ctx, payer, unsigned, false);
  const send = { payer, chainKey: input.chain, type: PaymentRecordType.Refund, purpose: 'refund' as const };
  return recordAndRelay(
    ctx,
    actor,
    { ...send, receiver: to, volume: value, signed, speedUp: false },
    async (trx) => {
      await markCodeUsed(trx, codeId);
      if (await openRefund(trx, payer.id)) throw new AppError('PAYMENT_REFUND_PENDING_ERROR');
    },
  );
}

/**
 * POST /wallets/payment/speed-up: a pending send of a payment address again at its nonce with
 * fees raised enough to replace it. A sponsored execution goes through the transfer's own
 * speed-up (its broadcast attempts); a refund is re-signed here.
 */
export async function speedUpPayment(
  ctx: AppContext,
  actor: CommandContext,
  recordId: number,
): Promise<{ id: number; hash: string }> {
  const record = await ctx.db
    .selectFrom('payment_records')
    .selectAll()
    .where('id', '=', recordId)
    .where('organization_id', '=', actor.organization.id)
    .executeTakeFirst();
  if (!record?.payment_address_id || !record.raw_tx)
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'record_id' });
  if (record.status !== PaymentRecordStatus.Pending) throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  if (record.task_id !== null) {
    const sent = await broadcastTransfer(ctx, actor, { task_id: record.task_id });
    const row = await ctx.db
      .selectFrom('payment_records')
      .select('id')
      .where('chain_key', '=', record.chain_key)
      .where('hash', '=', sent.tx_hash)
      .executeTakeFirstOrThrow();
    return { id: row.id, hash: sent.tx_hash };
  }
  const payer = await spacePayer(ctx, actor, record.payment_address_id);
  const adapter = payerOn(ctx, record.chain_key);
  const volume = BigInt(record.volume ?? '0');
  const unsigned = await family(() =>
    adapter.prepareNativeSend!({
      from: payer.address,
      to: record.receiver!,
      value: volume,
      fee: STANDARD,
      previousRaw: record.raw_tx,
    }),
  );
  const signed = await signSponsored(ctx, payer, unsigned, true);
  const send = { payer, chainKey: record.chain_key, type: record.type, purpose: 'refund' as const };
  return recordAndRelay(
    ctx,
    actor,
    { ...send, receiver: record.receiver!, volume, signed, speedUp: true },
    async () => {},
  );
}
