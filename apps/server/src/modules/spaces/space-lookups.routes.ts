import {
  keepWalletsBody,
  memberEnterBody,
  memberSessionReply,
  planWalletsReply,
  spaceMfaReply,
  userRiskBody,
  userRiskReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext, userCommandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { rememberSpace } from './spaces.routes';
import { enterAsMember, keepWallets, planWallets, spaceMfa, userRisk } from './space-lookups';

const tags = ['organization'];

/** §7 space calls: member risk review, the approval second factor, the plan's wallets, entering as a member. */
export async function spaceLookupRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/organization/user-risk',
    {
      config: { access: inSpace('member.view') },
      schema: {
        response: replies(userRiskReply),
        tags,
        body: userRiskBody,
        summary: "Members' risk tags with the sign-ins they come from (admins)",
      },
    },
    async (request, reply) => reply.ok(await userRisk(ctx, commandContext(request), request.body.user_ids)),
  );

  app.get(
    '/organization/mfa',
    {
      config: { access: inSpace('space.view') },
      schema: {
        response: replies(spaceMfaReply),
        tags,
        summary: 'Whether approving in this space asks for the authenticator, and whether the caller has one',
      },
    },
    async (request, reply) => reply.ok(spaceMfa(commandContext(request))),
  );

  app.get(
    '/organization/wallets',
    {
      config: { access: inSpace('space.view') },
      schema: {
        response: replies(planWalletsReply),
        tags,
        summary: "The space's wallets against its plan's limits, and which the plan keeps",
      },
    },
    async (request, reply) => reply.ok(await planWallets(ctx, commandContext(request))),
  );

  app.put(
    '/organization/wallets',
    {
      config: { access: inSpace('space.settings') },
      schema: {
        response: replies(planWalletsReply),
        tags,
        body: keepWalletsBody,
        summary: 'Choose the wallets the plan keeps; the others stop moving funds',
      },
    },
    async (request, reply) => reply.ok(await keepWallets(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/organization/member/enter',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(memberSessionReply),
        tags,
        body: memberEnterBody,
        summary: "Enter a space as a member: the member's session record and wallet roles",
      },
    },
    async (request, reply) => {
      const record = await enterAsMember(ctx, userCommandContext(request), request.body.organization_id);
      rememberSpace(ctx, reply, record.organization_id);
      return reply.ok(record);
    },
  );
}
