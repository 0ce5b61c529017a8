import type { FamilyAdapter } from '@keystead/chains';
import type { Db } from '../../db/database';
import type { Wallet } from '../../db/schema';
import { familyWallet } from '../transfers/transfer-family';

export type SeenApprovals = Awaited<ReturnType<NonNullable<FamilyAdapter['tokenApprovals']>['approvalsBy']>>;

/**
 * The Approval events these wallets emitted in the deposit scan's block range: [] for a family
 * without allowances, null when the chain could not be read (then the range is read again later).
 */
export function readApprovals(
  family: FamilyAdapter,
  wallets: Wallet[],
  from: bigint,
  to: bigint,
): Promise<SeenApprovals | null> {
  if (!family.tokenApprovals) return Promise.resolve([]);
  return family.tokenApprovals
    .approvalsBy(
      wallets.map((w) => familyWallet(w)),
      from,
      to,
    )
    .catch(() => null);
}

/** Keeps the latest event of each (wallet, token, spender), in the scan's transaction. */
export async function recordApprovals(trx: Db, wallets: Wallet[], seen: SeenApprovals): Promise<void> {
  const byAddress = new Map(wallets.map((w) => [w.address!.toLowerCase(), w.id]));
  const rows = seen.flatMap((a) => {
    const walletId = byAddress.get(a.wallet.toLowerCase());
    if (walletId === undefined) return [];
    const row = {
      wallet_id: walletId,
      token: a.token,
      spender: a.spender,
      tx_hash: a.txHash,
      block_number: a.blockNumber.toString(),
    };
    return [row];
  });
  for (const row of rows) {
    await trx
      .insertInto('token_approvals')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['wallet_id', 'token', 'spender']).doUpdateSet({
          tx_hash: (eb) => eb.ref('excluded.tx_hash'),
          block_number: (eb) => eb.ref('excluded.block_number'),
        }),
      )
      .execute();
  }
}
