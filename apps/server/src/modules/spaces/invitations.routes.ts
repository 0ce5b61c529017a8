import {
  inviteRegisterBody,
  inviteTokenQuery,
  joinBody,
  inviteInfoReply,
  joinReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { userCommandContext } from '../../lib/command-context';
import { PUBLIC, SIGNED_IN } from '../../plugins/access-rules';
import { sessionClient, setSessionCookie } from '../auth/session.service';
import { invitationInfo, joinSpace, registerThroughInvitation } from './invitation-commands';
import { rememberSpace } from './spaces.routes';

const tags = ['organization'];

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
    async (request, reply) => reply.ok(await invitationInfo(ctx, request.query.token)),
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
      const joined = await joinSpace(ctx, userCommandContext(request), request.body.token);
      rememberSpace(ctx, reply, joined.organization_id);
      return reply.ok(joined);
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
      const { token, ...joined } = await registerThroughInvitation(ctx, sessionClient(request), request.body);
      setSessionCookie(reply, token, { secure });
      rememberSpace(ctx, reply, joined.organization_id);
      return reply.ok(joined);
    },
  );
}
