import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ACTIVE_STATUSES, TRANSFER_TYPES } from '../transfers/transfer-status';
import { TaskStatus, WalletStatus } from './wallet-status';
import { joinedMemberKeys } from '../signers/signer-repository';

/** The space's wallets a person sees (all of them for admins), for pickers. */
export function visibleWallets(
  db: Db,
  scope: {
    organizationId: number;
    visibleTo: number | null;
    archived: boolean;
    chainKey?: string | undefined;
  },
) {
  return db
    .selectFrom('wallets as w')
    .select(['w.id', 'w.name', 'w.chain_key', 'w.address', 'w.sign_type', 'w.status'])
    .where('w.organization_id', '=', scope.organizationId)
    .$if(scope.archived, (q) => q.where('w.status', '=', WalletStatus.Archived))
    .$if(!scope.archived, (q) => q.where('w.status', '<>', WalletStatus.Archived))
    .$if(scope.chainKey !== undefined, (q) => q.where('w.chain_key', '=', scope.chainKey!))
    .$if(scope.visibleTo !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('wallet_members as m')
              .select('m.wallet_id')
              .whereRef('m.wallet_id', '=', 'w.id')
              .where('m.user_id', '=', scope.visibleTo!),
          ),
          eb.exists(
            eb
              .selectFrom('wallet_signers as s')
              .select('s.wallet_id')
              .whereRef('s.wallet_id', '=', 'w.id')
              .where('s.user_id', '=', scope.visibleTo!),
          ),
        ]),
      ),
    )
    .orderBy('w.id')
    .execute();
}

/** Usable wallets this person operates (may start a transfer from). */
export function operatedWallets(db: Db, organizationId: number, userId: number, chainKey?: string) {
  return db
    .selectFrom('wallets as w')
    .innerJoin('wallet_members as m', (join) =>
      join.onRef('m.wallet_id', '=', 'w.id').on('m.user_id', '=', userId).on('m.role', '=', 'operator'),
    )
    .select(['w.id', 'w.name', 'w.chain_key', 'w.address', 'w.sign_type'])
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '=', WalletStatus.Normal)
    .$if(chainKey !== undefined, (q) => q.where('w.chain_key', '=', chainKey!))
    .orderBy('w.id')
    .execute();
}

/** Active transfers of a wallet: all of them, and those waiting for approval. */
export async function upcomingTransfers(db: Db, walletId: number) {
  const row = await db
    .selectFrom('tasks')
    .select([
      sql<number>`count(*)`.as('active'),
      sql<number>`count(*) filter (where status = ${TaskStatus.PendingApproval})`.as('pending_approval'),
    ])
    .where('wallet_id', '=', walletId)
    .where('type', 'in', TRANSFER_TYPES)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), pendingApproval: Number(row.pending_approval) };
}

/** The wallet's creation task (what must happen on chain before use), if it has one. */
export function creationTask(db: Db, walletId: number) {
  return db
    .selectFrom('tasks')
    .select(['id', 'status', 'exec_tx_hash', 'created_at', 'updated_at'])
    .where('wallet_id', '=', walletId)
    .where('type', '=', 3)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Joined members with their verified signer keys (a member without keys has none listed). */
export async function membersWithKeys(db: Db, organizationId: number) {
  const [members, keys] = await Promise.all([
    db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'u.nickname', 'u.email'])
      .where('m.organization_id', '=', organizationId)
      .where('m.status', '=', 'joined')
      // Joined members always have an account (only pending invitations have none).
      .$narrowType<{ user_id: number }>()
      .orderBy('m.user_id')
      .execute(),
    joinedMemberKeys(db, organizationId)
      .select([
        's.id',
        's.user_id',
        's.name',
        's.family',
        's.chain_key',
        's.address',
        's.fingerprint',
        's.derivation_path',
      ])
      .orderBy('s.id')
      .execute(),
  ]);
  return { members, keys };
}

/** The live wallet of this space at an address (canonical spelling, or any case for 0x addresses). */
export function spaceWalletAt(db: Db, organizationId: number, chainKey: string, address: string) {
  return db
    .selectFrom('wallets')
    .select(['id', 'name', 'address', 'threshold', 'utxo_keys', 'next_receive_index', 'next_change_index'])
    .where('organization_id', '=', organizationId)
    .where('chain_key', '=', chainKey)
    .where('status', '<>', WalletStatus.Archived)
    .where((eb) =>
      address.startsWith('0x')
        ? eb(sql<string>`lower(address)`, '=', address.toLowerCase())
        : eb('address', '=', address),
    )
    .executeTakeFirst();
}
