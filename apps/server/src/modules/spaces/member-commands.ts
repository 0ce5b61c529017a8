import type { z } from 'zod';
import {
  inviteEmails,
  isLanguage,
  isValidEmail,
  type inviteBody,
  type Language,
  type memberListQuery,
  type updateMemberBody,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { can } from '../policy/policy';
import {
  assertSeatsAvailable,
  memberStatus,
  newInvitationToken,
  queueInvitationMail,
} from './invitation.service';
import {
  accountsByEmails,
  deleteMember,
  insertMember,
  listMembers,
  lockMember,
  lockSpaceMembers,
  membersByEmails,
  updateMember,
  updateMemberByEmail,
} from './member-repository';
import { memberRiskTags } from './member-risk';

const MAX_EMAILS_PER_INVITE = 20;

/** Members and invitations of the space, paged, with each member's risk tags. */
export async function memberPage(
  ctx: AppContext,
  actor: CommandContext,
  query: z.infer<typeof memberListQuery>,
) {
  const { page, page_size } = query;
  const { rows, total } = await listMembers(ctx.db, actor.organization.id, query);
  const risk = await memberRiskTags(
    ctx.db,
    rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
  );
  const list = rows.map((row) => ({
    member_id: row.id,
    user_id: row.user_id,
    nickname: row.nickname ?? null,
    email: row.email,
    role: row.role,
    status: memberStatus(row),
    join_time: row.joined_at?.toISOString() ?? null,
    invited_at: row.created_at.toISOString(),
    // Per-wallet permissions (view, operate, approve, sign) come from wallet roles: none before wallets exist.
    permissions: [] as Array<{ wallet_id: number; wallet_name: string; permissions: string[] }>,
    risk_tags: row.user_id ? (risk.get(row.user_id) ?? []) : [],
  }));
  return { list, page, page_size, total };
}

/**
 * Invites e-mails with one role: new rows, or renewed expired ones; mails each invitation (in the
 * invitee's language when the account exists, else the request's) and notifies existing accounts.
 */
export async function inviteMembers(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof inviteBody> & { language: Language },
): Promise<{ invited: string[] }> {
  const { organization, member, user } = actor;
  const emails = [...new Set(inviteEmails(input.emails).map((email) => email.toLowerCase()))];
  if (emails.length === 0) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'emails' });
  if (emails.length > MAX_EMAILS_PER_INVITE)
    throw new AppError('MEMBER_INVITE_MAX_ERROR', { max: MAX_EMAILS_PER_INVITE });
  const bad = emails.find((email) => !isValidEmail(email));
  if (bad) throw new AppError('INVALID_EMAIL_ERROR', { field: bad });
  const decision = can({ userId: user.id, role: member.role }, 'member.invite', { newRole: input.role });
  if (!decision.allowed) throw new AppError(decision.code!);
  const smtp = Boolean(ctx.config.SMTP_URL);
  await ctx.db.transaction().execute(async (trx) => {
    await lockSpaceMembers(trx, organization.id);
    const existing = await membersByEmails(trx, organization.id, emails);
    for (const row of existing) {
      const status = memberStatus(row);
      if (status === 'joined' || status === 'blocked')
        throw new AppError('MEMBER_INVITE_ERROR', { field: row.email });
      if (status === 'pending') throw new AppError('INVITATION_ALREADY_INVITED_ERROR', { field: row.email });
    }
    const renewing = new Set(existing.map((row) => row.email.toLowerCase()));
    await assertSeatsAvailable(trx, organization, emails.length);
    const accounts = await accountsByEmails(trx, emails);
    for (const email of emails) {
      const account = accounts.find((row) => row.email.toLowerCase() === email);
      const { token, hash, expiresAt } = newInvitationToken();
      const values = {
        user_id: account?.id ?? null,
        role: input.role,
        status: 'pending' as const,
        invite_token_hash: hash,
        invite_expires_at: expiresAt,
        invited_by: user.id,
        updated_at: new Date(),
      };
      if (renewing.has(email)) await updateMemberByEmail(trx, organization.id, email, values);
      else await insertMember(trx, { organization_id: organization.id, email, ...values });
      const language = account && isLanguage(account.language_code) ? account.language_code : input.language;
      await queueInvitationMail(trx, ctx, {
        email,
        token,
        organization,
        inviterName: user.nickname,
        language,
        antiPhishingCode: account?.anti_phishing_code ?? null,
      });
      if (account) {
        await notify(
          trx,
          {
            userId: account.id,
            organizationId: organization.id,
            category: 'message',
            topic: 'space',
            title: `Invitation to ${organization.name}`,
            body: `${user.nickname} invited you to the space ${organization.name}.`,
          },
          smtp,
        );
      }
    }
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'member',
      operation: 'invite',
      ip: actor.ip,
      content: { emails, role: input.role },
    });
  });
  return { invited: emails };
}

/** Sends a pending (or expired) invitation again with a new token and date. */
export async function reinviteMember(
  ctx: AppContext,
  actor: CommandContext,
  input: { member_id: number; language: Language },
): Promise<void> {
  const { organization, user } = actor;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockMember(trx, organization.id, input.member_id);
    if (!row) throw new AppError('MEMBER_NOT_FOUND_ERROR');
    if (row.status !== 'pending') throw new AppError('REINVITE_NOT_ALLOWED_ERROR');
    const { token, hash, expiresAt } = newInvitationToken();
    await updateMember(trx, row.id, {
      invite_token_hash: hash,
      invite_expires_at: expiresAt,
      invited_by: user.id,
      updated_at: new Date(),
    });
    await queueInvitationMail(trx, ctx, {
      email: row.email,
      token,
      organization,
      inviterName: user.nickname,
      language: input.language,
      antiPhishingCode: null,
    });
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'member',
      operation: 'reinvite',
      ip: actor.ip,
      content: { email: row.email },
    });
  });
}

/** Changes a member's role, or blocks or unblocks a member, as the policy allows. */
export async function changeMember(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof updateMemberBody>,
): Promise<void> {
  const { organization, member, user } = actor;
  const { member_id, role, status } = input;
  if (role === undefined && status === undefined)
    throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'role' });
  const smtp = Boolean(ctx.config.SMTP_URL);
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockMember(trx, organization.id, member_id);
    if (!target) throw new AppError('MEMBER_NOT_FOUND_ERROR');
    const decision = can({ userId: user.id, role: member.role }, 'member.update', {
      targetRole: target.role,
      targetUserId: target.user_id,
      ...(role !== undefined ? { newRole: role } : {}),
    });
    if (!decision.allowed) throw new AppError(decision.code!);
    if (status !== undefined && target.status !== 'joined' && target.status !== 'blocked')
      throw new AppError('PARAMS_INVALID_ERROR', { field: 'status' });
    await updateMember(trx, target.id, {
      ...(role !== undefined ? { role } : {}),
      ...(status !== undefined ? { status } : {}),
      updated_at: new Date(),
    });
    if (target.user_id) {
      const what =
        status === 'blocked'
          ? 'blocked you in'
          : status === 'joined'
            ? 'unblocked you in'
            : 'changed your role in';
      await notify(
        trx,
        {
          userId: target.user_id,
          organizationId: organization.id,
          category: 'message',
          topic: 'space',
          title: `Membership changed in ${organization.name}`,
          body: `${user.nickname} ${what} the space ${organization.name}.`,
        },
        smtp,
      );
    }
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'member',
      operation: status === 'blocked' ? 'block' : status === 'joined' ? 'unblock' : 'role_change',
      ip: actor.ip,
      content: {
        email: target.email,
        from_role: target.role,
        ...(role !== undefined ? { to_role: role } : {}),
        ...(status ? { status } : {}),
      },
    });
  });
}

/** Removes a member or withdraws an invitation (never the creator). */
export async function removeMember(
  ctx: AppContext,
  actor: CommandContext,
  input: { member_id: number },
): Promise<void> {
  const { organization, member, user } = actor;
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockMember(trx, organization.id, input.member_id);
    if (!target) throw new AppError('MEMBER_NOT_FOUND_ERROR');
    const decision = can({ userId: user.id, role: member.role }, 'member.delete', {
      targetRole: target.role,
      targetUserId: target.user_id,
    });
    if (!decision.allowed) throw new AppError(decision.code!);
    await deleteMember(trx, target.id);
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'member',
      operation: 'delete',
      ip: actor.ip,
      content: { email: target.email, role: target.role, status: target.status },
    });
  });
}
