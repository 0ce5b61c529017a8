import {
  inviteBody,
  invitationListQuery,
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
import { commandContext } from '../../lib/command-context';
import { inSpace } from '../../plugins/access-rules';
import { changeMember, inviteMembers, memberPage, reinviteMember, removeMember } from './member-commands';

const tags = ['organization'];

export async function membersRoutes(app: AppInstance, ctx: AppContext) {
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
    async (request, reply) => reply.ok(await memberPage(ctx, commandContext(request), request.query)),
  );

  app.get(
    '/organization/invite',
    {
      config: { access: inSpace('member.view') },
      schema: {
        response: replies(memberPageReply),
        tags,
        querystring: invitationListQuery,
        summary: "The space's invitations, pending (default) or expired, paged",
      },
    },
    async (request, reply) => reply.ok(await memberPage(ctx, commandContext(request), request.query)),
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
    async (request, reply) =>
      reply.ok(
        await inviteMembers(ctx, commandContext(request), { ...request.body, language: request.lang }),
      ),
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
      const input = { member_id: request.body.member_id, language: request.lang };
      await reinviteMember(ctx, commandContext(request), input);
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
      await changeMember(ctx, commandContext(request), request.body);
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
      await removeMember(ctx, commandContext(request), request.body);
      return reply.ok({});
    },
  );
}
