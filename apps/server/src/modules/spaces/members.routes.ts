import { sql } from 'kysely';
import {
  inviteBody,
  inviteEmails,
  isLanguage,
  isValidEmail,
  memberIdBody,
  memberListQuery,
  updateMemberBody,
  doneReply,
  memberPageReply,
  inviteReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { LockNamespace } from '../../jobs/lock-ids';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { can } from '../policy/policy';
import {
  assertSeatsAvailable,
  memberStatus,
  newInvitationToken,
  queueInvitationMail,
} from './invitation.service';
import { memberRiskTags } from './member-risk';

const tags = ['organization'];
const MAX_EMAILS_PER_INVITE = 20;

export async function membersRoutes(app: AppInstance, ctx: AppContext) {
  const smtp = Boolean(ctx.config.SMTP_URL);

  app.get(
    '/organization/member',
    {
      config: { access: inSpace('member.view') },
      schema: {
        response: replies(memberPageReply),
        tags,
        querystring: memberListQuery,
        summary: 'Members and invitations, paged',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { page, page_size, status, keyword } = request.query;
      let query = ctx.db
        .selectFrom('organization_members as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .where('m.organization_id', '=', organization.id);
      const now = new Date();
      if (status === 'pending')
        query = query.where('m.status', '=', 'pending').where('m.invite_expires_at', '>', now);
      else if (status === 'expired')
        query = query.where('m.status', '=', 'pending').where('m.invite_expires_at', '<=', now);
      else if (status) query = query.where('m.status', '=', status);
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('m.email', 'ilike', like), eb('u.nickname', 'ilike', like)]));
      }
      const [rows, total] = await Promise.all([
        query
          .select([
            'm.id',
            'm.user_id',
            'm.email',
            'm.role',
            'm.status',
            'm.invite_expires_at',
            'm.joined_at',
            'm.created_at',
            'u.nickname',
          ])
          .orderBy('m.id')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
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
      return reply.ok({ list, page, page_size, total: Number(total.n) });
    },
  );

  app.post(
    '/organization/invite',
    {
      config: { access: inSpace('member.invite') },
      schema: {
        response: replies(inviteReply),
        tags,
        body: inviteBody,
        summary: 'Invite one or more e-mails with one role',
      },
    },
    async (request, reply) => {
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      const emails = [...new Set(inviteEmails(request.body.emails).map((email) => email.toLowerCase()))];
      if (emails.length === 0) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'emails' });
      if (emails.length > MAX_EMAILS_PER_INVITE)
        throw new AppError('MEMBER_INVITE_MAX_ERROR', { max: MAX_EMAILS_PER_INVITE });
      const bad = emails.find((email) => !isValidEmail(email));
      if (bad) throw new AppError('INVALID_EMAIL_ERROR', { field: bad });
      const decision = can({ userId: user.id, role: member.role }, 'member.invite', {
        newRole: request.body.role,
      });
      if (!decision.allowed) throw new AppError(decision.code!);
      await ctx.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceMembers}, ${organization.id}::int)`.execute(
          trx,
        );
        const existing = await trx
          .selectFrom('organization_members')
          .selectAll()
          .where('organization_id', '=', organization.id)
          .where(sql<boolean>`lower(email) in (${sql.join(emails)})`)
          .execute();
        for (const row of existing) {
          const status = memberStatus(row);
          if (status === 'joined' || status === 'blocked')
            throw new AppError('MEMBER_INVITE_ERROR', { field: row.email });
          if (status === 'pending')
            throw new AppError('INVITATION_ALREADY_INVITED_ERROR', { field: row.email });
        }
        const renewing = new Set(existing.map((row) => row.email.toLowerCase()));
        await assertSeatsAvailable(trx, organization, emails.length);
        const accounts = await trx
          .selectFrom('users')
          .select(['id', 'email', 'language_code', 'anti_phishing_code'])
          .where(sql<boolean>`lower(email) in (${sql.join(emails)})`)
          .execute();
        for (const email of emails) {
          const account = accounts.find((row) => row.email.toLowerCase() === email);
          const { token, hash, expiresAt } = newInvitationToken();
          const values = {
            user_id: account?.id ?? null,
            role: request.body.role,
            status: 'pending' as const,
            invite_token_hash: hash,
            invite_expires_at: expiresAt,
            invited_by: user.id,
            updated_at: new Date(),
          };
          if (renewing.has(email))
            await trx
              .updateTable('organization_members')
              .set(values)
              .where('organization_id', '=', organization.id)
              .where(sql<boolean>`lower(email) = ${email}`)
              .execute();
          else
            await trx
              .insertInto('organization_members')
              .values({ organization_id: organization.id, email, ...values })
              .execute();
          const language =
            account && isLanguage(account.language_code) ? account.language_code : request.lang;
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
          ip: request.ip,
          content: { emails, role: request.body.role },
        });
      });
      return reply.ok({ invited: emails });
    },
  );

  app.post(
    '/organization/reinvite',
    {
      config: { access: inSpace('member.invite') },
      schema: {
        response: replies(doneReply),
        tags,
        body: memberIdBody,
        summary: 'Send a pending or expired invitation again',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { user } = requireUser(request);
      await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('organization_members')
          .selectAll()
          .where('id', '=', request.body.member_id)
          .where('organization_id', '=', organization.id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new AppError('MEMBER_NOT_FOUND_ERROR');
        if (row.status !== 'pending') throw new AppError('REINVITE_NOT_ALLOWED_ERROR');
        const { token, hash, expiresAt } = newInvitationToken();
        await trx
          .updateTable('organization_members')
          .set({
            invite_token_hash: hash,
            invite_expires_at: expiresAt,
            invited_by: user.id,
            updated_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute();
        await queueInvitationMail(trx, ctx, {
          email: row.email,
          token,
          organization,
          inviterName: user.nickname,
          language: request.lang,
          antiPhishingCode: null,
        });
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'member',
          operation: 'reinvite',
          ip: request.ip,
          content: { email: row.email },
        });
      });
      return reply.ok({});
    },
  );

  app.put(
    '/organization/member',
    {
      config: { access: inSpace('member.update') },
      schema: {
        response: replies(doneReply),
        tags,
        body: updateMemberBody,
        summary: 'Change role, block or unblock',
      },
    },
    async (request, reply) => {
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      const { member_id, role, status } = request.body;
      if (role === undefined && status === undefined)
        throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'role' });
      await ctx.db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('organization_members')
          .selectAll()
          .where('id', '=', member_id)
          .where('organization_id', '=', organization.id)
          .forUpdate()
          .executeTakeFirst();
        if (!target) throw new AppError('MEMBER_NOT_FOUND_ERROR');
        const decision = can({ userId: user.id, role: member.role }, 'member.update', {
          targetRole: target.role,
          targetUserId: target.user_id,
          ...(role !== undefined ? { newRole: role } : {}),
        });
        if (!decision.allowed) throw new AppError(decision.code!);
        if (status !== undefined && target.status !== 'joined' && target.status !== 'blocked')
          throw new AppError('PARAMS_INVALID_ERROR', { field: 'status' });
        await trx
          .updateTable('organization_members')
          .set({
            ...(role !== undefined ? { role } : {}),
            ...(status !== undefined ? { status } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', target.id)
          .execute();
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
          ip: request.ip,
          content: {
            email: target.email,
            from_role: target.role,
            ...(role !== undefined ? { to_role: role } : {}),
            ...(status ? { status } : {}),
          },
        });
      });
      return reply.ok({});
    },
  );

  app.delete(
    '/organization/member',
    {
      config: { access: inSpace('member.delete') },
      schema: {
        response: replies(doneReply),
        tags,
        body: memberIdBody,
        summary: 'Remove a member or withdraw an invitation (never the creator)',
      },
    },
    async (request, reply) => {
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      await ctx.db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('organization_members')
          .selectAll()
          .where('id', '=', request.body.member_id)
          .where('organization_id', '=', organization.id)
          .forUpdate()
          .executeTakeFirst();
        if (!target) throw new AppError('MEMBER_NOT_FOUND_ERROR');
        const decision = can({ userId: user.id, role: member.role }, 'member.delete', {
          targetRole: target.role,
          targetUserId: target.user_id,
        });
        if (!decision.allowed) throw new AppError(decision.code!);
        await trx.deleteFrom('organization_members').where('id', '=', target.id).execute();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'member',
          operation: 'delete',
          ip: request.ip,
          content: { email: target.email, role: target.role, status: target.status },
        });
      });
      return reply.ok({});
    },
  );
}
