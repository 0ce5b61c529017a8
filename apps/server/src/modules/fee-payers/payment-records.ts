import { PaymentRecordStatus, PaymentRecordType, type SponsoredPurpose } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';

/** A sent transaction the chain still does not know this long after is taken as never landed. */
const UNSEEN_AFTER_MS = 10 * 60_000;
const SETTLE_BATCH = 50;

export interface SponsoredSend {
  organizationId: number;
  chainKey: string;
  purpose: SponsoredPurpose;
  /** The fee payer that signed and paid. */
  sender: string;
  hashes: string[];
  walletId: number | null;
  taskId?: number | null;
  receiver?: string | null;
  /** Refunds (2) are recorded here too; consumption (3) by default. */
  type?: number;
  /** EVM payment addresses: which one sent it, the raw transaction and its nonce, the amount moved. */
  paymentAddressId?: number;
  raw?: string;
  nonce?: number;
  volume?: bigint;
}

/**
 * Records transactions the space's fee payer signed and sent (consumption, §3 payment record
 * type 3) as pending: on `db` itself right after a send, so a command that fails later still
 * leaves the money it spent on record, or in the transaction that stores an attempt to send.
 * The same hash twice is one record.
 */
export async function recordSponsored(db: Db, send: SponsoredSend): Promise<void> {
  if (send.hashes.length === 0) return;
  await db
    .insertInto('payment_records')
    .values(
      send.hashes.map((hash) => ({
        organization_id: send.organizationId,
        type: send.type ?? PaymentRecordType.Fee,
        status: PaymentRecordStatus.Pending,
        purpose: send.purpose,
        chain_key: send.chainKey,
        hash,
        sender: send.sender,
        receiver: send.receiver ?? null,
        wallet_id: send.walletId,
        task_id: send.taskId ?? null,
        payment_address_id: send.paymentAddressId ?? null,
        raw_tx: send.raw ?? null,
        account_nonce: send.nonce === undefined ? null : String(send.nonce),
        volume: send.volume === undefined ? null : send.volume.toString(),
      })),
    )
    .onConflict((oc) => oc.columns(['chain_key', 'hash', 'type']).doNothing())
    .execute();
}

/**
 * Settles pending records of what payment addresses sent (consumption and refunds) from the
 * chain: landed ones (executed or failed — a failed transaction still pays its fee) take the fee
 * and, where the chain reports it, what else the payer lost (Solana rent deposits, program fees)
 * from the transaction itself; an EVM refund keeps the amount it sent. One the chain does not
 * know is sent again from its stored bytes, and counted failed at no cost after ten minutes (a
 * speed-up replaced it, or it never landed). A chain that cannot be read now is asked next run.
 */
export async function settleSponsored(ctx: AppContext): Promise<number> {
  const pending = await ctx.db
    .selectFrom('payment_records')
    .select(['id', 'chain_key', 'hash', 'created_at', 'raw_tx', 'volume'])
    .where('status', '=', PaymentRecordStatus.Pending)
    .where('type', 'in', [PaymentRecordType.Fee, PaymentRecordType.Refund])
    .orderBy('id')
    .limit(SETTLE_BATCH)
    .execute();
  let settled = 0;
  for (const row of pending) {
    let adapter;
    try {
      adapter = ctx.chains.family(row.chain_key);
    } catch {
      continue;
    }
    if (!adapter.followSponsored) continue;
    const seen = await adapter.followSponsored(row.hash).catch(() => null);
    if (!seen || seen.state === 'pending' || seen.state === 'reorged') continue;
    if (seen.state === 'unknown' && row.raw_tx) await adapter.relay(row.raw_tx).catch(() => null);
    const outcome =
      seen.state === 'unknown'
        ? Date.now() - row.created_at.getTime() > UNSEEN_AFTER_MS
          ? { status: PaymentRecordStatus.Failed, fee: 0n, spent: 0n as bigint | null }
          : null
        : {
            status: seen.state === 'executed' ? PaymentRecordStatus.Success : PaymentRecordStatus.Failed,
            fee: seen.fee ?? 0n,
            spent: seen.payerSpent ?? null,
          };
    if (!outcome) continue;
    const result = await ctx.db
      .updateTable('payment_records')
      .set({
        status: outcome.status,
        fee: outcome.fee.toString(),
        // What else the payer lost, where the chain reports it; else the amount it sent.
        volume: outcome.spent !== null ? (outcome.spent - outcome.fee).toString() : row.volume,
        settled_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('status', '=', PaymentRecordStatus.Pending)
      .executeTakeFirst();
    settled += Number(result.numUpdatedRows);
  }
  return settled;
}
