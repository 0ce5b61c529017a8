import { PLAN_EXTENSION_DAYS, type PlanExtension } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { keepAllPlanWallets } from '../spaces/space-lookup-repository';
import { expiryState, planExtensionsLeft } from '../spaces/space-presenter';

const DAY_MS = 86_400_000;

/**
 * §4 "a 3-day extension may be requested": once per paid period, when the paid plan is about to
 * end or has ended, its end moves 3 days past the later of its end and now; wallets the lapse
 * froze move funds again. A payment credited later starts a new period (plan_extensions = 0).
 */
export async function extendPlan(ctx: AppContext, actor: CommandContext): Promise<PlanExtension> {
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    const space = await trx
      .selectFrom('organizations')
      .select(['plan', 'plan_expires_at', 'plan_extensions'])
      .where('id', '=', actor.organization.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (space.plan === 'free' || !space.plan_expires_at) throw new AppError('VIP_PACKAGE_NOT_FOUND_ERROR');
    if (planExtensionsLeft(space) === 0) throw new AppError('VIP_EXTENSION_USED_ERROR');
    // Only a plan near its end (or past it) is extended; one with weeks left needs none.
    if (expiryState(space, now.getTime()) === 'unexpired') throw new AppError('VIP_PACKAGE_NOT_FOUND_ERROR');
    const from = Math.max(now.getTime(), space.plan_expires_at.getTime());
    const end = new Date(from + PLAN_EXTENSION_DAYS * DAY_MS);
    await trx
      .updateTable('organizations')
      .set({ plan_expires_at: end, plan_extensions: space.plan_extensions + 1, updated_at: now })
      .where('id', '=', actor.organization.id)
      .execute();
    await keepAllPlanWallets(trx, actor.organization.id);
    await writeAudit(trx, {
      organizationId: actor.organization.id,
      userId: actor.user.id,
      type: 'organization',
      operation: 'plan_extension',
      ip: actor.ip,
      content: { plan: space.plan, days: PLAN_EXTENSION_DAYS, plan_expires_at: end.toISOString() },
    });
    return { plan: space.plan, plan_expires_at: end.toISOString(), extensions_left: 0 };
  });
}
