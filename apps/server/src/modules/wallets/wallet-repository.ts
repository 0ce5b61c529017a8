import { sql, type Insertable } from 'kysely';
import type { Database, Wallet } from '../../db/schema';
import type { Db } from '../../db/database';
import { LockNamespace } from '../../jobs/lock-ids';
import { TaskType, WalletStatus } from './wallet-status';

/** The wallets module's SQL: wallet rows, their creation task, members and the balance cache. */

/** One wallet creation at a time per space (the plan's wallet limits are read under it). */
export async function lockSpaceWallets(trx: Db, organizationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceWallets}, ${organizationId}::int)`.execute(trx);
}

export function insertWalletRow(trx: Db, values: Insertable<Database['wallets']>): Promise<Wallet> {
  return trx.insertInto('wallets').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A live (not archived) wallet at this address on this chain; `caseInsensitive` for EVM spellings. */
export function findLiveWalletAt(trx: Db, chainKey: string, address: string, caseInsensitive: boolean) {
  return trx
    .selectFrom('wallets')
    .select(['organization_id'])
    .where('chain_key', '=', chainKey)
    .$if(caseInsensitive, (q) => q.where(sql<boolean>`lower(address) = ${address.toLowerCase()}`))
    .$if(!caseInsensitive, (q) => q.where('address', '=', address))
    .where('status', '<>', WalletStatus.Archived)
    .executeTakeFirst();
}

export async function insertWalletCreationTask(
  trx: Db,
  values: { organizationId: number; walletId: number; status: number; createdBy: number; data: unknown },
): Promise<void> {
  await trx
    .insertInto('tasks')
    .values({
      organization_id: values.organizationId,
      wallet_id: values.walletId,
      type: TaskType.WalletCreation,
      status: values.status,
      created_by: values.createdBy,
      data: JSON.stringify(values.data),
    })
    .execute();
}

export async function walletCreationData(db: Db, walletId: number): Promise<unknown> {
  const task = await db
    .selectFrom('tasks')
    .select('data')
    .where('wallet_id', '=', walletId)
    .where('type', '=', TaskType.WalletCreation)
    .executeTakeFirstOrThrow();
  return task.data;
}

/** Moves an initializing wallet to deploy-pending; false when another report came first. */
export async function markDeploySent(trx: Db, walletId: number, txHash: string): Promise<boolean> {
  const result = await trx
    .updateTable('wallets')
    .set({ status: WalletStatus.DeployPending, deploy_tx_hash: txHash, updated_at: new Date() })
    .where('id', '=', walletId)
    .where('status', '=', WalletStatus.Initializing)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setWalletStatus(trx: Db, walletId: number, status: number): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({ status, updated_at: new Date() })
    .where('id', '=', walletId)
    .execute();
}

export async function addWalletOperator(trx: Db, walletId: number, userId: number): Promise<void> {
  await trx
    .insertInto('wallet_members')
    .values({ wallet_id: walletId, user_id: userId, role: 'operator' })
    .execute();
}

export function signerRowsById(trx: Db, ids: number[]) {
  return trx.selectFrom('signer_addresses').selectAll().where('id', 'in', ids).execute();
}

/** Verified Bitcoin-family signer keys of the space's joined members among these xpubs. */
export function memberBitcoinKeys(trx: Db, organizationId: number, chainKey: string, xpubs: string[]) {
  return trx
    .selectFrom('signer_addresses as s')
    .innerJoin('organization_members as m', (join) =>
      join
        .onRef('m.user_id', '=', 's.user_id')
        .on('m.organization_id', '=', organizationId)
        .on('m.status', '=', 'joined'),
    )
    .select(['s.id', 's.address', 's.fingerprint', 's.derivation_path'])
    .where('s.family', '=', 'BTC')
    .where('s.chain_key', '=', chainKey)
    .where('s.status', '=', 1)
    .where('s.address', 'in', xpubs)
    .orderBy('s.id')
    .execute();
}

/** Takes the next receive index; returns the index taken. */
export async function takeReceiveIndex(db: Db, walletId: number): Promise<number> {
  const taken = await db
    .updateTable('wallets')
    .set((eb) => ({ next_receive_index: eb('next_receive_index', '+', 1) }))
    .where('id', '=', walletId)
    .returning('next_receive_index')
    .executeTakeFirstOrThrow();
  return taken.next_receive_index - 1;
}

/** The balance cache the wallet's asset list reads. */
export async function cacheBalance(
  db: Db,
  walletId: number,
  tokenKey: string,
  amount: bigint,
): Promise<void> {
  await db
    .insertInto('wallet_balances')
    .values({ wallet_id: walletId, token_key: tokenKey, amount: amount.toString(), updated_at: new Date() })
    .onConflict((oc) =>
      oc
        .columns(['wallet_id', 'token_key'])
        .doUpdateSet({ amount: amount.toString(), updated_at: new Date() }),
    )
    .execute();
}
