import type { FamilyWallet } from '@keystead/chains';
import { PaymentAddressStatus, PaymentRecordStatus, PaymentRecordType } from '@keystead/contract';
import type { AppContext } from '../../context';
import { advanceCursor, nextScanRange } from '../../jobs/chain-cursor';
import { EVM_PAYMENT_FAMILY } from './evm-payment-keys';

const WATCHER = 'payment-deposits';

/**
 * Deposit records (§3 payment record type 1): coin sent to the space's EVM payment addresses, on
 * every EVM chain served here, read block range by block range behind a cursor per chain (moved
 * only if it still holds what this run read, so concurrent processes record a range once).
 */
export async function recordPaymentDeposits(ctx: AppContext): Promise<number> {
  const payers = await ctx.db
    .selectFrom('fee_payers')
    .select(['id', 'organization_id', 'address'])
    .where('family', '=', EVM_PAYMENT_FAMILY)
    .where('status', '=', PaymentAddressStatus.Active)
    .execute();
  if (payers.length === 0) return 0;
  let recorded = 0;
  for (const endpoint of ctx.chains.list().filter((e) => e.family === EVM_PAYMENT_FAMILY)) {
    const chainKey = String(endpoint.chainId);
    const { deposits: scan, chain } = ctx.chains.family(chainKey);
    if (!scan) continue;
    const tip = await scan.tip().catch(() => null);
    if (tip === null) continue;
    const range = await nextScanRange(ctx.db, chainKey, WATCHER, tip, scan.blocksPerScan);
    if (!range) continue;
    const native = { contract: null, symbol: chain.info.nativeSymbol, decimals: chain.info.nativeDecimals };
    // The scan reads only an address from each "wallet".
    const watched = payers.map((p) => ({ address: p.address }) as FamilyWallet);
    const incoming = await scan.transfersTo(watched, [native], range.from, range.to).catch(() => null);
    if (!incoming) continue;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await advanceCursor(trx, chainKey, WATCHER, range.cursor, range.to + 1n))) return;
      for (const transfer of incoming) {
        const payer = payers.find((p) => p.address.toLowerCase() === transfer.wallet.toLowerCase());
        if (!payer || transfer.token) continue;
        const inserted = await trx
          .insertInto('payment_records')
          .values({
            organization_id: payer.organization_id,
            type: PaymentRecordType.Deposit,
            status: PaymentRecordStatus.Success,
            purpose: 'deposit',
            chain_key: chainKey,
            hash: transfer.txHash,
            sender: transfer.from,
            receiver: payer.address,
            volume: transfer.amount.toString(),
            fee: null,
            wallet_id: null,
            task_id: null,
            payment_address_id: payer.id,
            settled_at: new Date(),
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        recorded += Number(inserted.numInsertedOrUpdatedRows ?? 0n);
      }
    });
  }
  return recorded;
}
