import {
  policyRevokeBody,
  policyTestBody,
  policyTestReply,
  policyVoteBody,
  proposePolicyBody,
  transferPolicyReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { proposePolicyChange, revokePolicyChange, votePolicyChange } from './policy-changes';
import { testPolicy, transferPolicyView } from './policy-view';

const tags = ['transfer-policy'];
const view = { access: inSpace('transfer_policy.view') };
const manage = { access: inSpace('transfer_policy.manage') };

/** The transfer policy (issue 21): read, dry-run, and its maker-checker changes. */
export async function transferPolicyRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/transfer-policy',
    {
      config: view,
      schema: {
        response: replies(transferPolicyReply),
        tags,
        summary: 'The policy in force, the change waiting for approval, and who may approve it',
      },
    },
    async (request, reply) => reply.ok(await transferPolicyView(ctx, commandContext(request))),
  );

  app.post(
    '/transfer-policy/test',
    {
      config: view,
      schema: {
        response: replies(policyTestReply),
        body: policyTestBody,
        tags,
        summary: 'Dry run: the rule a sample transfer would hit (the policy in force, or a draft)',
      },
    },
    async (request, reply) => reply.ok(await testPolicy(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/transfer-policy/changes',
    {
      config: manage,
      schema: {
        response: replies(transferPolicyReply),
        body: proposePolicyBody,
        tags,
        summary: 'Propose a new policy; it is in force once other admins approve it (the quorum)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await proposePolicyChange(ctx, actor, request.body.document);
      return reply.ok(await transferPolicyView(ctx, actor));
    },
  );

  app.post(
    '/transfer-policy/changes/approve',
    {
      config: manage,
      schema: {
        response: replies(transferPolicyReply),
        body: policyVoteBody,
        tags,
        summary: 'Approve (1) or reject (2) the waiting policy change (another admin)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await votePolicyChange(ctx, actor, request.body);
      return reply.ok(await transferPolicyView(ctx, actor));
    },
  );

  app.post(
    '/transfer-policy/changes/revoke',
    {
      config: manage,
      schema: {
        response: replies(transferPolicyReply),
        body: policyRevokeBody,
        tags,
        summary: 'Withdraw the waiting policy change (its proposer)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await revokePolicyChange(ctx, actor, request.body.change_id);
      return reply.ok(await transferPolicyView(ctx, actor));
    },
  );
}
