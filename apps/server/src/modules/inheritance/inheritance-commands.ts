import type { z } from 'zod';
import {
  SUCCESSION_AFTER_DAYS,
  SignerAddressStatus,
  type InheritanceInfo,
  type inheritanceActionBody,
} from '@keystead/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { canOnInheritance } from '../policy/policy';
import { memberSignerAddress } from '../recovery/recovery-repository';
import { ownersAndAdmins, tellAboutWallet } from '../recovery/recovery-news';
import { liveWalletAndRelation } from '../wallets/wallet-access';
import { FAMILY_SPACE } from '../wallets/wallet-rules';
import { inactiveDays, lastSignIn, planOf, successionOpen, type Plan } from './inheritance-repository';

type ActionInput = z.infer<typeof inheritanceActionBody>;
type Action = ActionInput['action'] | 'view';

/** The wallet, the caller's relation to it and its plan, when policy lets the caller do `action`. */
async function inheritanceWallet(ctx: AppContext, actor: CommandContext, walletId: number, action: Action) {
  const { wallet, relation } = await liveWalletAndRelation(ctx.db, actor, walletId);
  const plan = await planOf(ctx.db, walletId);
  const isHeir = plan !== undefined && plan.status !== 'closed' && plan.heir_user_id === actor.user.id;
  const decision = canOnInheritance(actor.member.role, relation, action, {
    isHeir,
    viaPhone: actor.viaPhone === true,
  });
  if (!decision.allowed) throw new AppError(decision.code!);
  return { wallet, plan, isHeir };
}

/** GET /wallets/inheritance: the plan and where the testator's inactivity stands at `now`. */
export async function inheritanceInfo(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
  now = Date.now(),
): Promise<InheritanceInfo> {
  const { plan, isHeir } = await inheritanceWallet(ctx, actor, walletId, 'view');
  if (!plan) return { wallet_id: walletId, plan: null, you: { is_testator: false, is_heir: false } };
  const days = inactiveDays(await lastSignIn(ctx.db, plan.testator_user_id), now);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    wallet_id: walletId,
    plan: {
      status: plan.status,
      testator: { user_id: plan.testator_user_id, nickname: plan.testator_nickname },
      heir: { user_id: plan.heir_user_id, nickname: plan.heir_nickname },
      heir_address: plan.heir_address,
      testator_inactive_days: days,
      succession_open: successionOpen(days),
      reminded_at: iso(plan.reminded_at),
      succession_opened_at: iso(plan.succession_opened_at),
      applied_at: iso(plan.applied_at),
    },
    you: { is_testator: plan.testator_user_id === actor.user.id, is_heir: isHeir },
  };
}

/**
 * POST /wallets/inheritance: one §4 action (open, close, accept, deny, change or add inheritor,
 * apply) in one transaction with its audit row and the people it concerns told. Family spaces only.
 */
export async function inheritanceAction(
  ctx: AppContext,
  actor: CommandContext,
  input: ActionInput,
  now = Date.now(),
) {
  const { wallet, plan } = await inheritanceWallet(ctx, actor, input.wallet_id, input.action);
  if (actor.organization.kind !== FAMILY_SPACE) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
  const step = await stepFor(ctx, actor, wallet, plan, input, now);
  await ctx.db.transaction().execute(async (trx) => {
    await step.write(trx);
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: `inheritance_${input.action}`,
      ip: actor.ip,
      content: { wallet_id: wallet.id, ...step.audit },
    });
    await tell(ctx, trx, wallet, step.tell);
  });
  return inheritanceInfo(ctx, actor, wallet.id, now);
}

interface Step {
  write(trx: Kysely<Database>): Promise<void>;
  audit: Record<string, unknown>;
  tell: { people: 'heir' | 'owners'; userId?: number; title: string; body: string };
}

const need = (ok: boolean) => {
  if (!ok) throw new AppError('INHERITANCE_STATE_ERROR');
};

async function stepFor(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  plan: Plan | undefined,
  input: ActionInput,
  now: number,
): Promise<Step> {
  const update = (set: Record<string, unknown>) => (trx: Kysely<Database>) =>
    trx
      .updateTable('inheritance_plans')
      .set({ ...set, updated_at: new Date() })
      .where('wallet_id', '=', wallet.id)
      .execute()
      .then(() => undefined);
  const testatorOnly = () => {
    if (plan && plan.testator_user_id !== actor.user.id)
      throw new AppError('PERMISSION_WALLET_OPERATE_ERROR');
  };
  switch (input.action) {
    case 'open':
    case 'add_inheritor': {
      need(!plan || plan.status === 'closed' || plan.status === 'denied');
      const heir = await heirOf(ctx, actor, input.heir_user_id);
      const fresh = {
        testator_user_id: actor.user.id,
        heir_user_id: heir,
        heir_address: null,
        status: 'open' as const,
      };
      const cleared = { reminded_at: null, succession_opened_at: null, applied_at: null };
      return {
        write: (trx) =>
          trx
            .insertInto('inheritance_plans')
            .values({ wallet_id: wallet.id, ...fresh })
            .onConflict((oc) =>
              oc.column('wallet_id').doUpdateSet({ ...fresh, ...cleared, updated_at: new Date() }),
            )
            .execute()
            .then(() => undefined),
        audit: { heir_user_id: heir },
        tell: heirNews(heir, wallet, 'You are named heir', 'accept or deny it on the wallet'),
      };
    }
    case 'change_inheritor': {
      need(plan !== undefined && ['open', 'accepted', 'denied'].includes(plan.status));
      testatorOnly();
      const heir = await heirOf(ctx, actor, input.heir_user_id);
      return {
        write: update({
          heir_user_id: heir,
          heir_address: null,
          status: 'open',
          reminded_at: null,
          succession_opened_at: null,
        }),
        audit: { heir_user_id: heir, previous_heir_user_id: plan!.heir_user_id },
        tell: heirNews(heir, wallet, 'You are named heir', 'accept or deny it on the wallet'),
      };
    }
    case 'close':
      need(plan !== undefined && plan.status !== 'closed');
      testatorOnly();
      return {
        write: update({ status: 'closed' }),
        audit: { heir_user_id: plan!.heir_user_id },
        tell: heirNews(plan!.heir_user_id, wallet, 'Inheritance closed', 'the owner closed it'),
      };
    case 'accept': {
      need(plan?.status === 'open');
      if (!input.heir_address) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'heir_address' });
      const own = await memberSignerAddress(ctx.db, actor.organization.id, input.heir_address);
      if (!own || own.user_id !== actor.user.id)
        throw new AppError('PARAMS_INVALID_ERROR', { field: 'heir_address' });
      if (own.status !== SignerAddressStatus.Verified) throw new AppError('SIGNER_NOT_VERIFIED_ERROR');
      return {
        write: update({ status: 'accepted', heir_address: own.address }),
        audit: { heir_address: own.address },
        tell: {
          people: 'owners',
          title: 'Inheritance accepted',
          body: `The heir accepted with ${own.address}. An admin can now enable emergency recovery with this address as recoverer.`,
        },
      };
    }
    case 'deny':
      need(plan?.status === 'open');
      return {
        write: update({ status: 'denied' }),
        audit: {},
        tell: { people: 'owners', title: 'Inheritance denied', body: 'The heir denied the inheritance.' },
      };
    case 'apply': {
      need(plan?.status === 'accepted');
      const days = inactiveDays(await lastSignIn(ctx.db, plan!.testator_user_id), now);
      if (!successionOpen(days))
        throw new AppError('INHERITANCE_NOT_YET_ERROR', { days: SUCCESSION_AFTER_DAYS });
      if (!input.email_code) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email_code' });
      const codeId = await checkEmailCode(ctx, 'family_succession', actor.user.email, input.email_code);
      return {
        write: async (trx) => {
          await markCodeUsed(trx, codeId);
          await update({ status: 'applied', applied_at: new Date(now) })(trx);
        },
        audit: { heir_address: plan!.heir_address, testator_inactive_days: days },
        tell: {
          people: 'owners',
          title: 'Succession applied',
          body: `The heir applied after ${days} days without sign-in by the owner. The heir may now queue the owner replacement on the recovery module; owners can veto it until its delay is over.`,
        },
      };
    }
  }
}

/** A joined member of the space, other than the caller. */
async function heirOf(ctx: AppContext, actor: CommandContext, userId: number | undefined): Promise<number> {
  if (!userId) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'heir_user_id' });
  if (userId === actor.user.id) throw new AppError('PARAMS_INVALID_ERROR', { field: 'heir_user_id' });
  const member = await ctx.db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', actor.organization.id)
    .where('user_id', '=', userId)
    .where('status', '=', 'joined')
    .executeTakeFirst();
  if (!member) throw new AppError('PARAMS_INVALID_ERROR', { field: 'heir_user_id' });
  return userId;
}

const heirNews = (userId: number, wallet: Wallet, title: string, what: string): Step['tell'] => ({
  people: 'heir',
  userId,
  title,
  body: `${wallet.name}: ${what}.`,
});

/** The heir, or the wallet's owners and the space's admins, hear of it (centre and mail). */
export async function tell(ctx: AppContext, trx: Kysely<Database>, wallet: Wallet, news: Step['tell']) {
  const people = news.people === 'heir' ? [news.userId!] : ownersAndAdmins(trx, wallet);
  await tellAboutWallet(ctx, trx, wallet, people, news);
}
