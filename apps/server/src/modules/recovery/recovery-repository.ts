import { sql } from 'kysely';
import { EmergencyRecoveryState, SignerAddressStatus } from '@keystead/contract';
import type { Db } from '../../db/database';
import { jsonColumn } from '../../lib/json-column';
import { activeDappTasks } from '../dapp/approval-list';
import { isRecoveryAction, type RecoveryAction } from '../dapp/dapp-task';
import type { StoredQueued } from './recovery-queue';

/** The wallet's recovery row with its recoverer's nickname, if a member. */
export async function recoveryOf(db: Db, walletId: number) {
  const row = await db
    .selectFrom('wallet_recoveries as r')
    .leftJoin('users as u', 'u.id', 'r.recoverer_user_id')
    .selectAll('r')
    .select('u.nickname as recoverer_nickname')
    .where('r.wallet_id', '=', walletId)
    .executeTakeFirst();
  return row && { ...row, queued: jsonColumn<StoredQueued[]>(row.queued) };
}
export type RecoveryRow = NonNullable<Awaited<ReturnType<typeof recoveryOf>>>;

/** The active tasks changing the wallet's recovery (enable, veto, disable), by action. */
export async function activeRecoveryTasks(db: Db, walletId: number) {
  const active = new Map<RecoveryAction['action'], { taskId: number; dapp: RecoveryAction }>();
  for (const { taskId, dapp } of await activeDappTasks(db, walletId))
    if (isRecoveryAction(dapp)) active.set(dapp.action, { taskId, dapp });
  return active;
}

/**
 * A verified EVM signer address of a member of the space (case-insensitive): who a recoverer or
 * a new owner is. Undefined for an address no member verified.
 */
export async function memberSignerAddress(db: Db, organizationId: number, address: string) {
  return db
    .selectFrom('signer_addresses as s')
    .innerJoin('organization_members as m', 'm.user_id', 's.user_id')
    .select(['s.id', 's.user_id', 's.address', 's.status'])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'joined')
    .where('s.family', '=', 'EVM')
    .where(sql`lower(s.address)`, '=', address.toLowerCase())
    .orderBy(sql`s.status = ${SignerAddressStatus.Verified}`, 'desc')
    .executeTakeFirst();
}

/** The wallet's owner rows: address, and the member holding each key. */
export async function walletOwners(db: Db, walletId: number) {
  return db
    .selectFrom('wallet_signers')
    .select(['signer_address_id', 'user_id', 'address'])
    .where('wallet_id', '=', walletId)
    .execute();
}

/** Sets the wallet's copy of the recovery state (read with the wallet by every transfer step). */
export async function setWalletRecoveryState(db: Db, walletId: number, state: EmergencyRecoveryState) {
  await db.updateTable('wallets').set({ recovery_state: state }).where('id', '=', walletId).execute();
}

/** Recoveries the watcher reads: set up (or being set up) on a live wallet. */
export async function recoveriesToWatch(db: Db) {
  return db
    .selectFrom('wallet_recoveries as r')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .select('r.wallet_id')
    .where('w.recovery_state', '<>', EmergencyRecoveryState.NotEnabled)
    .orderBy('r.wallet_id')
    .execute();
}
