import type { Db } from '../../db/database';

/** SQL of the space look-ups: members under review, the wallets a plan keeps, a member's wallet roles. */

const ARCHIVED = 10;

/** Joined (or blocked) members of the space with their accounts; only these user ids when given. */
export function spaceMembersByUser(db: Db, organizationId: number, userIds?: number[]) {
  let query = db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.nickname', 'u.email'])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', 'in', ['joined', 'blocked']);
  if (userIds) query = query.where('u.id', 'in', userIds.length ? userIds : [0]);
  return query.orderBy('u.id').execute();
}

/** The space's live wallets with whether the plan keeps them. */
export function planWalletRows(db: Db, organizationId: number) {
  return db
    .selectFrom('wallets')
    .select(['id', 'name', 'chain_key', 'sign_type', 'status', 'address', 'plan_frozen'])
    .where('organization_id', '=', organizationId)
    .where('status', '<>', ARCHIVED)
    .orderBy('id')
    .execute();
}

/** Keeps exactly these wallets of the space; every other live wallet is left out. */
export async function keepPlanWallets(trx: Db, organizationId: number, keep: number[]): Promise<void> {
  const live = trx
    .updateTable('wallets')
    .where('organization_id', '=', organizationId)
    .where('status', '<>', ARCHIVED);
  await live.set({ plan_frozen: true }).execute();
  if (keep.length) await live.set({ plan_frozen: false }).where('id', 'in', keep).execute();
}

/** Every live wallet of the space moves funds again (the plan allows them all). */
export async function keepAllPlanWallets(trx: Db, organizationId: number): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({ plan_frozen: false })
    .where('organization_id', '=', organizationId)
    .where('plan_frozen', '=', true)
    .execute();
}

/** The roles a user holds on each live wallet of the space, signing included. */
export async function walletRolesOfUser(db: Db, organizationId: number, userId: number) {
  const roles = db
    .selectFrom('wallet_members as r')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .select(['r.wallet_id', 'r.role'])
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '<>', ARCHIVED)
    .where('r.user_id', '=', userId);
  const signs = db
    .selectFrom('wallet_signers as s')
    .innerJoin('wallets as w', 'w.id', 's.wallet_id')
    .select(['s.wallet_id', (eb) => eb.val('signer').as('role')])
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '<>', ARCHIVED)
    .where('s.user_id', '=', userId);
  const rows = [...(await roles.execute()), ...(await signs.execute())];
  return rows.sort((a, b) => a.wallet_id - b.wallet_id);
}
