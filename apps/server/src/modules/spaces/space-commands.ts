import type { z } from 'zod';
import {
  MAX_SPACES_PER_CREATOR,
  SpaceRole,
  isTrialSpace,
  type createSpaceBody,
  type spaceSettingsBody,
  type updateSpaceBody,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Organization } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext, UserCommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { storeImage } from '../uploads/image-upload';
import { scanEnvironment, type ScanFinding } from './environment-scan';
import { insertMember } from './member-repository';
import {
  countOwnedSpaces,
  findMembership,
  insertSpace,
  joinedSpaces,
  lockSpaceCreator,
  memberCount,
  operatesWallet,
  updateSpace,
  walletCount,
} from './space-repository';
import { presentSpace } from './space-presenter';

/** The spaces the user has joined, presented. */
export async function listSpaces(ctx: AppContext, actor: UserCommandContext) {
  const rows = await joinedSpaces(ctx.db, actor.user.id);
  return rows.map(({ role, status: _status, member_count, wallet_count, is_operator, ...organization }) =>
    presentSpace(organization, role, {
      member_count: Number(member_count),
      wallet_count: Number(wallet_count),
      is_operator: Boolean(is_operator),
    }),
  );
}

/** A space with its member and wallet counts, as the user sees it. */
async function presentWithCounts(ctx: AppContext, organization: Organization, role: number, userId: number) {
  const [members, wallets, operator] = await Promise.all([
    memberCount(ctx.db, organization.id),
    walletCount(ctx.db, organization.id),
    operatesWallet(ctx.db, organization.id, userId),
  ]);
  return presentSpace(organization, role, {
    member_count: members,
    wallet_count: wallets,
    is_operator: operator,
  });
}

/** The current space. */
export function spaceInfo(ctx: AppContext, actor: CommandContext) {
  return presentWithCounts(ctx, actor.organization, actor.member.role, actor.user.id);
}

/** Switches into a space the user has joined (a blocked member is refused). */
export async function enterSpace(ctx: AppContext, actor: UserCommandContext, organizationId: number) {
  const row = await findMembership(ctx.db, organizationId, actor.user.id);
  if (!row || row.status === 'pending' || row.status === 'expired')
    throw new AppError('ORGANIZATION_NOT_FOUND_ERROR');
  if (row.status === 'blocked') throw new AppError('MEMBER_BLOCKED_ERROR');
  const { role, status: _status, ...organization } = row;
  const space = await presentWithCounts(ctx, organization, role, actor.user.id);
  return { ...space, org_user_name: actor.user.nickname };
}

/** Creates a space with its creator as the first member (needs a bound authenticator). */
export async function createSpace(
  ctx: AppContext,
  actor: UserCommandContext,
  input: z.infer<typeof createSpaceBody>,
) {
  const { user } = actor;
  if (!user.totp_secret_enc) throw new AppError('PERMISSION_MFA_REQUIRED_ERROR');
  const created = await ctx.db.transaction().execute(async (trx) => {
    await lockSpaceCreator(trx, user.id);
    if ((await countOwnedSpaces(trx, user.id)) >= MAX_SPACES_PER_CREATOR)
      throw new AppError('LIMIT_SPACES_ERROR', { max: MAX_SPACES_PER_CREATOR });
    const organization = await insertSpace(trx, {
      name: input.name,
      description: input.description ?? null,
      kind: input.kind,
      type: input.edition === 'experience' ? 1 : 3,
      is_open_testnet: input.edition === 'experience',
      creator_user_id: user.id,
    });
    await insertMember(trx, {
      organization_id: organization.id,
      user_id: user.id,
      email: user.email,
      role: SpaceRole.Creator,
      status: 'joined',
      joined_at: new Date(),
    });
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'organization',
      operation: 'create',
      ip: actor.ip,
      content: { name: input.name, edition: input.edition },
    });
    return organization;
  });
  return presentSpace(created, SpaceRole.Creator, { member_count: 1, wallet_count: 0 });
}

/** After an edit: the space with its member count (wallets are not counted there). */
async function presentEdited(ctx: AppContext, actor: CommandContext, updated: Organization) {
  return presentSpace(updated, actor.member.role, {
    member_count: await memberCount(ctx.db, actor.organization.id),
    wallet_count: 0,
  });
}

/** Edits name and description, and stores a new logo when one is given. */
export async function editSpace(
  ctx: AppContext,
  actor: CommandContext,
  input: { fields: z.infer<typeof updateSpaceBody>; logo: Buffer | null },
) {
  const { organization, user } = actor;
  const { fields, logo } = input;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const changes = { ...fields, ...(logo ? { logo_upload_id: await storeImage(trx, logo, user.id) } : {}) };
    const row = await updateSpace(trx, organization.id, changes);
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'organization',
      operation: 'update',
      ip: actor.ip,
      content: { ...fields, logo: Boolean(logo) },
    });
    return row;
  });
  return presentEdited(ctx, actor, updated);
}

/** Approval verification, testnet and dapp switches (a trial space keeps its testnet). */
export async function changeSpaceSettings(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof spaceSettingsBody>,
) {
  const { organization, user } = actor;
  if (input.enable_testnet === false && isTrialSpace(organization.type))
    throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
  const changes = {
    ...(input.enable_approve_mfa !== undefined ? { is_open_approve: input.enable_approve_mfa } : {}),
    ...(input.enable_testnet !== undefined ? { is_open_testnet: input.enable_testnet } : {}),
    ...(input.enable_dapp !== undefined ? { is_open_dapp: input.enable_dapp } : {}),
  };
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await updateSpace(trx, organization.id, changes);
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'organization',
      operation: 'settings',
      ip: actor.ip,
      content: input,
    });
    return row;
  });
  return presentEdited(ctx, actor, updated);
}

/** Scans the space for risky settings and records the outcome. */
export async function scanSpace(
  ctx: AppContext,
  actor: CommandContext,
): Promise<{ environment_scan: 'secure' | 'error'; findings: ScanFinding[] }> {
  const { organization, user } = actor;
  const findings = await scanEnvironment(ctx.db, organization);
  const state = findings.length === 0 ? 'secure' : 'error';
  await ctx.db.transaction().execute(async (trx) => {
    await updateSpace(trx, organization.id, { environment_scan: state });
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'organization',
      operation: 'environment_scan',
      ip: actor.ip,
      content: { state, findings: findings.map((f) => f.code) },
    });
  });
  return { environment_scan: state, findings };
}
