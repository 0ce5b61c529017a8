import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { WalletStatus } from '../wallets/wallet-status';

/** Signer address statuses: pending until verified; a key wallets still use is only marked for deletion. */
export const SignerStatus = { Pending: 0, Verified: 1, PendingDeletion: 2 } as const;

export function ownSigners(db: Db, userId: number) {
  return db.selectFrom('signer_addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** The wallets each of these signer addresses signs for. */
export function signerWalletLinks(db: Db, signerIds: number[]) {
  if (signerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wallet_signers as s')
    .innerJoin('wallets as w', 'w.id', 's.wallet_id')
    .select([
      's.signer_address_id',
      'w.id',
      'w.name',
      'w.chain_key',
      'w.sign_type',
      'w.status',
      'w.organization_id',
    ])
    .where('s.signer_address_id', 'in', signerIds)
    .execute();
}

/** One of the user's own signer addresses (optionally of one family); anyone else's reads as none. */
export function findOwnSigner(
  db: Db,
  userId: number,
  id: number,
  family?: 'EVM' | 'BTC' | 'TRX' | 'XRP' | 'SOL',
) {
  return db
    .selectFrom('signer_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(family !== undefined, (q) => q.where('family', '=', family!))
    .executeTakeFirst();
}

/** Whether the user already has this key (0x addresses compare without case). */
export async function hasOwnSigner(
  db: Db,
  userId: number,
  family: 'EVM' | 'BTC' | 'TRX' | 'XRP' | 'SOL',
  address: string,
) {
  const row = await db
    .selectFrom('signer_addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('family', '=', family)
    .where((eb) =>
      address.startsWith('0x')
        ? eb(eb.fn('lower', ['address']), '=', address.toLowerCase())
        : eb('address', '=', address),
    )
    .executeTakeFirst();
  return Boolean(row);
}

export function insertSigner(trx: Kysely<Database>, values: Insertable<Database['signer_addresses']>) {
  return trx.insertInto('signer_addresses').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function markSignerVerified(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .updateTable('signer_addresses')
    .set({ status: SignerStatus.Verified, verified_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Whether a live (not archived) wallet still signs with this key. */
export async function signerInUse(trx: Kysely<Database>, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('wallet_signers as s')
    .innerJoin('wallets as w', 'w.id', 's.wallet_id')
    .select('w.id')
    .where('s.signer_address_id', '=', id)
    .where('w.status', '<>', WalletStatus.Archived)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function markSignerForDeletion(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .updateTable('signer_addresses')
    .set({ status: SignerStatus.PendingDeletion })
    .where('id', '=', id)
    .execute();
}

/** Deletes a key nothing uses, with its open challenges. */
export async function deleteSignerRow(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .deleteFrom('signature_challenges')
    .where('purpose', '=', 'signer_address')
    .where('subject_id', '=', id)
    .execute();
  await trx.deleteFrom('signer_addresses').where('id', '=', id).execute();
}

/** Verified signer keys of the space's joined members (select the columns you need). */
export function joinedMemberKeys(db: Db | Kysely<Database>, organizationId: number) {
  return db
    .selectFrom('signer_addresses as s')
    .innerJoin('organization_members as m', (join) =>
      join
        .onRef('m.user_id', '=', 's.user_id')
        .on('m.organization_id', '=', organizationId)
        .on('m.status', '=', 'joined'),
    )
    .where('s.status', '=', SignerStatus.Verified);
}

/** Verified signer addresses of the space's joined members: the wizard's choices. */
export function spaceSignerAddresses(db: Db, organizationId: number) {
  return joinedMemberKeys(db, organizationId)
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.name', 's.address', 's.family', 's.user_id', 'u.nickname', 'u.email'])
    .orderBy('s.id')
    .execute();
}
