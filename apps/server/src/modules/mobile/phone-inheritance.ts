import { chainByKey } from '@keystead/chains';
import type { MobileInheritance } from '@keystead/contract';
import type { AppContext } from '../../context';
import { WalletStatus } from '../wallets/wallet-status';

/** Plans naming this user heir, open or accepted, in spaces they are a joined member of. */
export async function inheritanceForPhone(ctx: AppContext, userId: number): Promise<MobileInheritance> {
  const rows = await ctx.db
    .selectFrom('inheritance_plans as p')
    .innerJoin('wallets as w', 'w.id', 'p.wallet_id')
    .innerJoin('organizations as o', 'o.id', 'w.organization_id')
    .innerJoin('organization_members as m', (join) =>
      join.onRef('m.organization_id', '=', 'w.organization_id').on('m.user_id', '=', userId),
    )
    .innerJoin('users as u', 'u.id', 'p.testator_user_id')
    .select([
      'o.id as organization_id',
      'o.name as organization_name',
      'w.id as wallet_id',
      'w.name as wallet_name',
      'w.chain_key',
      'p.status',
      'u.nickname as testator_nickname',
      'p.heir_address',
    ])
    .where('p.heir_user_id', '=', userId)
    .where('p.status', 'in', ['open', 'accepted', 'applied'])
    .where('m.status', '=', 'joined')
    .where('w.status', '<>', WalletStatus.Archived)
    .orderBy('p.updated_at', 'desc')
    .limit(50)
    .execute();
  return {
    list: rows.map((row) => ({
      ...row,
      chain: chainByKey(row.chain_key)?.name ?? row.chain_key,
      status: row.status as MobileInheritance['list'][number]['status'],
    })),
  };
}
