import { INACTIVITY_TAG_DAYS, SUCCESSION_AFTER_DAYS } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { tell } from './inheritance-commands';
import { inactiveDays, lastSignIn, plansToWatch } from './inheritance-repository';

/**
 * §9 inactivity (a claimed job; `now` is injectable so tests move time): a testator 30 days
 * without sign-in is reminded once per absence; at 90 days the succession opens, told once to the
 * heir and, as a last warning, to the wallet's owners and the space's admins.
 */
export async function watchInheritance(ctx: AppContext, now = Date.now()): Promise<void> {
  for (const plan of await plansToWatch(ctx.db)) {
    const seen = await lastSignIn(ctx.db, plan.testator_user_id);
    const days = inactiveDays(seen, now);
    if (days === null || seen === null) continue;
    const wallet = {
      id: plan.wallet_id,
      organization_id: plan.organization_id,
      name: plan.wallet_name,
    } as Wallet;
    // Each notice once per absence: a sign-in after it makes the next absence count again.
    const remind = days >= INACTIVITY_TAG_DAYS && !(plan.reminded_at && plan.reminded_at > seen);
    const open =
      days >= SUCCESSION_AFTER_DAYS && !(plan.succession_opened_at && plan.succession_opened_at > seen);
    if (!remind && !open) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const at = new Date(now);
      await trx
        .updateTable('inheritance_plans')
        .set(open ? { reminded_at: at, succession_opened_at: at } : { reminded_at: at })
        .where('wallet_id', '=', plan.wallet_id)
        .execute();
      if (remind && !open)
        await tell(ctx, trx, wallet, {
          people: 'heir',
          userId: plan.testator_user_id,
          title: 'You have not signed in for a while',
          body: `${wallet.name}: after ${SUCCESSION_AFTER_DAYS} days without sign-in your heir may apply for the succession. Sign in to keep it closed.`,
        });
      if (open) {
        await tell(ctx, trx, wallet, {
          people: 'heir',
          userId: plan.heir_user_id,
          title: 'Succession open',
          body: `${wallet.name}: the owner has not signed in for ${days} days; you may now apply with an e-mail code.`,
        });
        await tell(ctx, trx, wallet, {
          people: 'owners',
          title: 'Succession open',
          body: `The owner has not signed in for ${days} days: the heir may now apply. Signing in closes it again until the heir applies.`,
        });
      }
    });
  }
}
