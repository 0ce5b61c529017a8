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
        type: PaymentRecordType.Fee,
        status: PaymentRecordStatus.Pending,
        purpose: send.purpose,
        chain_key: send.chainKey,
        hash,
        sender: send.sender,
        receiver: send.receiver ?? null,
        wallet_id: send.walletId,
        task_id: send.taskId ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['chain_key', 'hash', 'type']).doNothing())
    .execute();
}

/**
 * Settles pending consumption records from the chain: landed ones (executed or failed — a failed
 * Solana transaction still pays its fee) take the fee and what else the payer lost (rent
 * deposits, program fees) from the transaction itself; one the chain never saw within ten
 * minutes failed and cost nothing. A chain that cannot be read now is asked again next run.
 */
export async function settleSponsored(ctx: AppContext): Promise<number> {
  const pending = await ctx.db
    .selectFrom('payment_records')
    .select(['id', 'chain_key', 'hash', 'created_at'])
    .where('status', '=', PaymentRecordStatus.Pending)
    .where('type', '=', PaymentRecordType.Fee)
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
    const outcome =
      seen.state === 'unknown'
        ? Date.now() - row.created_at.getTime() > UNSEEN_AFTER_MS
          ? { status: PaymentRecordStatus.Failed, fee: 0n, spent: 0n }
          : null
        : {
            status: seen.state === 'executed' ? PaymentRecordStatus.Success : PaymentRecordStatus.Failed,
            fee: seen.fee ?? 0n,
            spent: seen.payerSpent ?? seen.fee ?? 0n,
          };
    if (!outcome) continue;
    const result = await ctx.db
      .updateTable('payment_records')
      .set({
        status: outcome.status,
        fee: outcome.fee.toString(),
        volume: (outcome.spent - outcome.fee).toString(),
        settled_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('status', '=', PaymentRecordStatus.Pending)
      .executeTakeFirst();
    settled += Number(result.numUpdatedRows);
  }
  return settled;
}
