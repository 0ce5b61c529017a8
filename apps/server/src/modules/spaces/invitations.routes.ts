import {
  inviteRegisterBody,
  inviteTokenQuery,
  joinBody,
  passwordField,
  type SpaceRole,
  inviteInfoReply,
  joinReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseOrThrow } from '../../lib/validation';
import { PUBLIC, SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { hashPassword } from '../auth/password';
import { createSession, setSessionCookie } from '../auth/session.service';
import { notify } from '../notifications/notification.service';
import { assertUsableInvitation, findInvitation, memberStatus, type Invitation } from './invitation.service';
import { LAST_SPACE_COOKIE } from './spaces.routes';

const tags = ['organization'];

/** Turns the pending row into a joined member, notifies the space's admins, audits. */
async function acceptInvitation(
  trx: Kysely<Database>,
  ctx: AppContext,
  invitation: Invitation,
  userId: number,
  nickname: string,
  ip: string,
) {
  const result = await trx
    .updateTable('organization_members')
    .set({
      user_id: userId,
      status: 'joined',
      joined_at: new Date(),
      invite_token_hash: null,
      updated_at: new Date(),
    })
    .where('id', '=', invitation.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('INVITATION_INVALID_ERROR');
  const admins = await trx
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', invitation.organization_id)
    .where('status', '=', 'joined')
    .where('role', 'in', [1, 2])
    .execute();
  for (const admin of admins) {
    if (!admin.user_id || admin.user_id === userId) continue;
    await notify(
      trx,
      {
        userId: admin.user_id,
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

export async function invitationRoutes(app: AppInstance, ctx: AppContext) {
  const secure = ctx.config.secureCookies;

  app.get(
    '/organization/org-invite-info',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(inviteInfoReply),
        tags,
        querystring: inviteTokenQuery,
        summary: 'What an invitation link is for',
      },
    },
    async (request, reply) => {
      const invitation = await findInvitation(ctx.db, request.query.token);
      if (!invitation) throw new AppError('INVITATION_NOT_FOUND_ERROR');
      const registered = Boolean(
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', invitation.email.toLowerCase()))
          .executeTakeFirst(),
      );
      return reply.ok({
        organization_id: invitation.organization_id,
        organization_name: invitation.organization_name,
        email: invitation.email,
        role: invitation.role as SpaceRole,
        inviter_name: invitation.inviter_name,
        status: memberStatus(invitation),
        registered,
      });
    },
  );

  app.post(
    '/organization/join',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(joinReply),
        tags,
        body: joinBody,
        summary: 'Accept an invitation as the invited account',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const invitation = await findInvitation(ctx.db, request.body.token);
      assertUsableInvitation(invitation);
      if (invitation.email.toLowerCase() !== user.email.toLowerCase())
        throw new AppError('PERMISSION_INVITEE_MISMATCH_ERROR');
      await ctx.db
        .transaction()
        .execute((trx) => acceptInvitation(trx, ctx, invitation, user.id, user.nickname, request.ip));
      reply.setCookie(LAST_SPACE_COOKIE, String(invitation.organization_id), {
        path: '/',
        sameSite: 'lax',
        maxAge: 365 * 86_400,
      });
      return reply.ok({ organization_id: invitation.organization_id, role: invitation.role });
    },
  );

  app.post(
    '/invite-register',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(joinReply),
        tags: ['auth'],
        body: inviteRegisterBody,
        summary: 'Register through an invitation and join the space',
      },
    },
    async (request, reply) => {
      const body = request.body;
      parseOrThrow(passwordField, body.password);
      const invitation = await findInvitation(ctx.db, body.org_invite_token);
      assertUsableInvitation(invitation);
      const email = invitation.email.toLowerCase();
      const codeId = await checkEmailCode(ctx, 'invite_register', email, body.email_code);
      const passwordHash = await hashPassword(body.password);
      const { token } = await ctx.db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .executeTakeFirst();
        if (exists) throw new AppError('EMAIL_EXISTS_ERROR');
        await markCodeUsed(trx, codeId);
        const nickname = email.split('@')[0]!.slice(0, 30);
        const user = await trx
          .insertInto('users')
          .values({ email, password_hash: passwordHash, nickname, language_code: body.language_code })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId: null,
          userId: user.id,
          type: 'account',
          operation: 'register',
          ip: request.ip,
          content: { via: 'invitation' },
        });
        await acceptInvitation(trx, ctx, invitation, user.id, nickname, request.ip);
        return createSession(trx, {
          userId: user.id,
          stage: 'active',
          secondFactor: null,
          otherDeviceLogin: false,
          request,
        });
      });
      setSessionCookie(reply, token, { secure });
      reply.setCookie(LAST_SPACE_COOKIE, String(invitation.organization_id), {
        path: '/',
        sameSite: 'lax',
        maxAge: 365 * 86_400,
      });
      return reply.ok({ organization_id: invitation.organization_id, role: invitation.role });
    },
  );
}
