import { sql } from 'kysely';
import { keccak256, type Hex } from 'viem';
import { PaymentRecordStatus } from '@keystead/contract';
import { isFamilyError, type UnsignedExecution } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { LockNamespace } from '../../jobs/lock-ids';
import { AppError } from '../../lib/app-error';
import { asAppError, familyOf } from '../transfers/transfer-family';
import { paymentAccount, type PaymentAddressRef } from './evm-payment-keys';

export interface SignedSend {
  raw: string;
  hash: string;
  nonce: number;
  maxFeePerGas: bigint;
}

/**
 * The lowest account nonce a new send may take: past the payment address's sends still pending
 * here, which the node may not have seen yet (so two quick sends never share a nonce).
 */
async function nonceFloor(db: Db, payerId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_records')
    .select((eb) => eb.fn.max('account_nonce').as('top'))
    .where('payment_address_id', '=', payerId)
    .where('status', '=', PaymentRecordStatus.Pending)
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

/**
 * Signs a transaction of the payment address with its key. A new send takes the next free
 * nonce; a speed-up keeps the nonce of the send it replaces.
 */
export async function signSponsored(
  ctx: AppContext,
  payer: PaymentAddressRef,
  unsigned: UnsignedExecution,
  speedUp: boolean,
): Promise<SignedSend> {
  const nonce = speedUp ? unsigned.nonce : Math.max(unsigned.nonce, await nonceFloor(ctx.db, payer.id));
  const account = await paymentAccount(ctx, payer);
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: unsigned.chainId,
    to: unsigned.to as Hex,
    data: unsigned.data as Hex,
    value: unsigned.value,
    nonce,
    gas: unsigned.gas,
    maxFeePerGas: unsigned.maxFeePerGas,
    maxPriorityFeePerGas: unsigned.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw), nonce, maxFeePerGas: unsigned.maxFeePerGas };
}

/**
 * In the transaction that records a send: holds the payment address's lock and refuses a nonce
 * another pending send took since this one was signed (PAYMENT_LOCK_ERROR: try again). A speed-up
 * shares its nonce with the sends it replaces by design.
 */
export async function claimNonce(
  trx: Db,
  payerId: number,
  send: SignedSend,
  speedUp: boolean,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.PaymentAddressSends}, ${payerId}::int)`.execute(trx);
  if (speedUp) return;
  const taken = await trx
    .selectFrom('payment_records')
    .select('id')
    .where('payment_address_id', '=', payerId)
    .where('status', '=', PaymentRecordStatus.Pending)
    .where('account_nonce', '=', String(send.nonce))
    .executeTakeFirst();
  if (taken) throw new AppError('PAYMENT_LOCK_ERROR');
}

/** Marks a pending record failed and free of cost: its transaction was refused and never sent. */
export async function failUnsent(db: Db, hash: string): Promise<void> {
  await db
    .updateTable('payment_records')
    .set({ status: PaymentRecordStatus.Failed, fee: '0', settled_at: new Date() })
    .where('hash', '=', hash)
    .where('status', '=', PaymentRecordStatus.Pending)
    .execute();
}

/**
 * Sends a recorded payment-address transaction. A node that refuses it fails the record (its
 * nonce is free again) and answers the refusal's code; an unreachable node leaves it pending for
 * the settling job, which sends it again.
 */
export async function relaySponsored(ctx: AppContext, chainKey: string, send: SignedSend): Promise<void> {
  try {
    await familyOf(ctx, chainKey).relay(send.raw);
  } catch (error) {
    if (!isFamilyError(error)) throw error;
    if (error.code === 'RELAY_UNREACHABLE') return;
    await failUnsent(ctx.db, send.hash);
    throw asAppError(error);
  }
}
