import { PLANS, isPrivilegedRole, isTrialSpace, type keepWalletsBody } from '@keystead/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Organization } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext, UserCommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { SignType } from '../wallets/wallet-status';
import { memberRiskReport } from './member-risk';
import { enterSpace } from './space-commands';
import { effectivePlan } from './space-presenter';
import {
  keepAllPlanWallets,
  keepPlanWallets,
  planWalletRows,
  spaceMembersByUser,
  walletRolesOfUser,
} from './space-lookup-repository';
import { groupBy } from '../../lib/group-by';

/** POST /organization/user-risk: the risk tags of the space's members, with what they come from. */
export async function userRisk(ctx: AppContext, actor: CommandContext, userIds?: number[]) {
  const members = await spaceMembersByUser(ctx.db, actor.organization.id, userIds);
  const report = await memberRiskReport(
    ctx.db,
    members.map((m) => m.user_id),
  );
  return {
    list: members.map((member) => {
      const risk = report.get(member.user_id)!;
      return {
        user_id: member.user_id,
        nickname: member.nickname,
        email: member.email,
        risk_tags: risk.tags,
        last_seen_at: risk.lastSeen?.toISOString() ?? null,
        devices_last_7_days: risk.recentDevices,
      };
    }),
  };
}

/** GET /organization/mfa: whether approving here asks for the authenticator, and whether the caller has one. */
export function spaceMfa(actor: CommandContext) {
  const required = actor.organization.is_open_approve;
  const bound = Boolean(actor.user.totp_secret_enc);
  return {
    enable_approve_mfa: required,
    approve_requires: required ? ('mfa' as const) : ('none' as const),
    mfa_bound: bound,
    approve_blocked: required && !bound,
  };
}

interface PlanWalletRow {
  sign_type: number;
  plan_frozen: boolean;
}

/** Wallet limits of the space's plan now (a trial space counts 3 wallets in all). */
function planLimits(organization: Organization) {
  const plan = effectivePlan(organization);
  return { plan, multisig: PLANS[plan].multisigWallets, single: PLANS[plan].singleWallets };
}

/** How many live wallets of each sign type still move funds (not left out by a plan choice). */
export interface KeptWallets {
  multi: number;
  single: number;
}

const keptOf = (rows: PlanWalletRow[]): KeptWallets => {
  const kept = (type: number) => rows.filter((r) => r.sign_type === type && !r.plan_frozen).length;
  return { multi: kept(SignType.Multi), single: kept(SignType.Single) };
};

/** The first limit the kept wallets break (exchange accounts are not counted here), or null. */
function brokenLimit(kept: KeptWallets, limits: { multisig: number; single: number }): number | null {
  if (kept.multi > limits.multisig) return limits.multisig;
  if (kept.single > limits.single) return limits.single;
  return null;
}

const fitsPlan = (rows: PlanWalletRow[], limits: { multisig: number; single: number }) =>
  brokenLimit(keptOf(rows), limits) === null;

/**
 * Whether the space must first choose which wallets its plan keeps (§4 subscription expiry): more
 * wallets move funds than the plan allows. Creating transfers waits for that choice. `kept` comes
 * with the wallet read (wallet-access.ts keptWalletsColumn).
 */
export function planChoicePending(organization: Organization, kept: KeptWallets): boolean {
  if (isTrialSpace(organization.type)) return false;
  return brokenLimit(kept, planLimits(organization)) !== null;
}

/** GET /organization/wallets: the space's wallets against its plan's limits. */
export async function planWallets(ctx: AppContext, actor: CommandContext) {
  const rows = await planWalletRows(ctx.db, actor.organization.id);
  const { plan, multisig, single } = planLimits(actor.organization);
  return {
    plan,
    limits: { multisig, single },
    must_choose: !isTrialSpace(actor.organization.type) && !fitsPlan(rows, { multisig, single }),
    list: rows.map((row) => ({
      wallet_id: row.id,
      name: row.name,
      chain_id: row.chain_key,
      sign_type: row.sign_type,
      status: row.status,
      address: row.address,
      kept: !row.plan_frozen,
    })),
  };
}

/**
 * PUT /organization/wallets: keeps these wallets, within the plan's limits per sign type; the
 * others stop moving funds (their records, balances and history stay). Under a plan that allows
 * every wallet, all are kept whatever the list says.
 */
export async function keepWallets(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof keepWalletsBody>,
) {
  const { organization } = actor;
  const rows = await planWalletRows(ctx.db, organization.id);
  const keep = [...new Set(input.wallet_ids)];
  const known = new Set(rows.map((r) => r.id));
  if (keep.some((id) => !known.has(id))) throw new AppError('WALLET_NOT_FOUND_ERROR');
  const limits = planLimits(organization);
  const allFit = fitsPlan(
    rows.map((r) => ({ ...r, plan_frozen: false })),
    limits,
  );
  const chosen = rows.map((r) => ({ ...r, plan_frozen: !keep.includes(r.id) }));
  const broken = allFit ? null : brokenLimit(keptOf(chosen), limits);
  if (broken !== null) throw new AppError('LIMIT_WALLETS_ERROR', { max: broken });
  await ctx.db.transaction().execute(async (trx) => {
    if (allFit) await keepAllPlanWallets(trx, organization.id);
    else await keepPlanWallets(trx, organization.id, keep);
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: actor.user.id,
      type: 'organization',
      operation: 'keep_wallets',
      ip: actor.ip,
      content: { plan: limits.plan, kept: allFit ? rows.map((r) => r.id) : keep },
    });
  });
  return planWallets(ctx, actor);
}

/** POST /organization/member/enter: enters the space and answers the member's session record (§3). */
export async function enterAsMember(ctx: AppContext, actor: UserCommandContext, organizationId: number) {
  const space = await enterSpace(ctx, actor, organizationId);
  const roles = await walletRolesOfUser(ctx.db, organizationId, actor.user.id);
  const byWallet = groupBy(
    roles,
    (row) => row.wallet_id,
    (row) => row.role,
  );
  return {
    organization_id: space.organization_id,
    is_admin: isPrivilegedRole(space.role),
    is_operator: space.is_operator,
    chain_ids: space.chain_ids,
    org_user_name: space.org_user_name,
    feature_list: space.feature_list,
    role: space.role,
    permissions: [...byWallet].map(([wallet_id, list]) => ({ wallet_id, roles: list })),
  };
}
