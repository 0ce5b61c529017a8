import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { passwordField, type inviteRegisterBody, type SpaceRole } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UserCommandContext } from '../../lib/command-context';
import { parseOrThrow } from '../../lib/validation';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { hashPassword } from '../auth/password';
import { createSession, type SessionClient } from '../auth/session.service';
import { notify } from '../notifications/notification.service';
import { findUserByEmail, insertUser } from '../users/user-repository';
import { assertUsableInvitation, findInvitation, memberStatus, type Invitation } from './invitation.service';
import { joinInvitation, spaceAdminIds } from './member-repository';

/** Turns the pending row into a joined member, notifies the space's admins, audits. */
async function acceptInvitation(
  trx: Kysely<Database>,
  ctx: AppContext,
  invitation: Invitation,
  userId: number,
  nickname: string,
  ip: string,
) {
  if (!(await joinInvitation(trx, invitation.id, userId))) throw new AppError('INVITATION_INVALID_ERROR');
  const admins = await spaceAdminIds(trx, invitation.organization_id);
  for (const adminId of admins) {
    if (!adminId || adminId === userId) continue;
    await notify(
      trx,
      {
        userId: adminId,
        organizationId: invitation.organization_id,
        category: 'message',
        topic: 'space',
        title: `${nickname} joined ${invitation.organization_name}`,
        body: `${invitation.email} accepted the invitation to ${invitation.organization_name}.`,
      },
      Boolean(ctx.config.SMTP_URL),
    );
  }
  await writeAudit(trx, {
    organizationId: invitation.organization_id,
    userId,
    type: 'member',
    operation: 'join',
    ip,
    content: { email: invitation.email, role: invitation.role },
  });
}

/** What an invitation link is for, and whether its address already has an account. */
export async function invitationInfo(ctx: AppContext, token: string) {
  const invitation = await findInvitation(ctx.db, token);
  if (!invitation) throw new AppError('INVITATION_NOT_FOUND_ERROR');
  const registered = Boolean(await findUserByEmail(ctx.db, invitation.email.toLowerCase()));
  return {
    organization_id: invitation.organization_id,
    organization_name: invitation.organization_name,
    email: invitation.email,
    role: invitation.role as SpaceRole,
    inviter_name: invitation.inviter_name,
    status: memberStatus(invitation),
    registered,
  };
}

/** Accepts an invitation as the invited account. */
export async function joinSpace(
  ctx: AppContext,
  actor: UserCommandContext,
  token: string,
): Promise<{ organization_id: number; role: number }> {
  const { user } = actor;
  const invitation = await findInvitation(ctx.db, token);
  assertUsableInvitation(invitation);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase())
    throw new AppError('PERMISSION_INVITEE_MISMATCH_ERROR');
  await ctx.db
    .transaction()
    .execute((trx) => acceptInvitation(trx, ctx, invitation, user.id, user.nickname, actor.ip));
  return { organization_id: invitation.organization_id, role: invitation.role };
}

/** Registers the invited address (proved by an e-mail code), joins the space and signs the user in. */
export async function registerThroughInvitation(
  ctx: AppContext,
  client: SessionClient,
  input: z.infer<typeof inviteRegisterBody>,
): Promise<{ token: string; organization_id: number; role: number }> {
  parseOrThrow(passwordField, input.password);
  const invitation = await findInvitation(ctx.db, input.org_invite_token);
  assertUsableInvitation(invitation);
  const email = invitation.email.toLowerCase();
  const codeId = await checkEmailCode(ctx, 'invite_register', email, input.email_code);
  const passwordHash = await hashPassword(input.password);
  const { token } = await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new AppError('EMAIL_EXISTS_ERROR');
    await markCodeUsed(trx, codeId);
    const nickname = email.split('@')[0]!.slice(0, 30);
    const userId = await insertUser(trx, {
      email,
      password_hash: passwordHash,
      nickname,
      language_code: input.language_code,
    });
    await writeAudit(trx, {
      organizationId: null,
      userId,
      type: 'account',
      operation: 'register',
      ip: client.ip,
      content: { via: 'invitation' },
    });
    await acceptInvitation(trx, ctx, invitation, userId, nickname, client.ip);
    return createSession(trx, {
      userId,
      stage: 'active',
      secondFactor: null,
      otherDeviceLogin: false,
      client,
    });
  });
  return { token, organization_id: invitation.organization_id, role: invitation.role };
}
