import {
  isPrivilegedRole,
  type PolicyTestReply,
  type TransferPolicyReply,
  type policyTestBody,
} from '@keystead/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { family, familyOf } from '../transfers/transfer-family';
import { parseAmount } from '../transfers/amount';
import { loadWalletFor } from '../wallets/wallet-access';
import { walletTokens } from '../wallets/wallet-assets';
import { evaluateTransfer } from './policy-check';
import { checkDocument } from './policy-document';
import { policyInForce, storedDocument } from './policy-facts';
import { ruleLabel } from './policy-requirements';

/** GET /transfer-policy: the policy in force, the change waiting (with its votes), the space's people. */
export async function transferPolicyView(
  ctx: AppContext,
  actor: CommandContext,
): Promise<TransferPolicyReply> {
  const organizationId = actor.organization.id;
  const [inForce, pending, people] = await Promise.all([
    policyInForce(ctx.db, organizationId),
    ctx.db
      .selectFrom('policy_changes')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'u.nickname', 'u.email'])
      .where('m.organization_id', '=', organizationId)
      .where('m.status', '=', 'joined')
      .orderBy('m.user_id')
      .execute(),
  ]);
  const person = (id: number) => {
    const row = people.find((p) => Number(p.user_id) === id);
    return { id, name: row ? row.nickname || row.email : String(id) };
  };
  const votes = pending
    ? await ctx.db
        .selectFrom('policy_change_votes')
        .selectAll()
        .where('change_id', '=', pending.id)
        .orderBy('created_at')
        .execute()
    : [];
  const admins = people.filter((p) => isPrivilegedRole(p.role)).map((p) => person(Number(p.user_id)));
  const me = actor.user.id;
  return {
    in_force: inForce
      ? { version: inForce.version, document: inForce.document, updated_at: inForce.updatedAt.toISOString() }
      : null,
    pending_change: pending
      ? {
          id: pending.id,
          document: storedDocument(pending.document),
          base_version: pending.base_version,
          quorum: pending.quorum,
          proposed_by: person(pending.proposed_by),
          created_at: pending.created_at.toISOString(),
          votes: votes.map((v) => ({
            user: person(Number(v.user_id)),
            result: v.result,
            comment: v.comment,
            created_at: v.created_at.toISOString(),
          })),
          can_vote: pending.proposed_by !== me && !votes.some((v) => Number(v.user_id) === me),
          can_revoke: pending.proposed_by === me,
        }
      : null,
    admins,
    members: people.map((p) => person(Number(p.user_id))),
  };
}

/**
 * POST /transfer-policy/test, the dry run: which rule a sample transfer would hit now (or `at`),
 * under the policy in force or a draft, with each earlier rule's reason for not matching. Nothing
 * is stored; the sample counts in the velocities as a real creation would.
 */
export async function testPolicy(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof policyTestBody>,
): Promise<PolicyTestReply> {
  const document = input.document ?? (await policyInForce(ctx.db, actor.organization.id))?.document;
  if (!document) throw new AppError('TRANSFER_POLICY_INVALID_ERROR', { reason: 'no policy is in force' });
  if (input.document) await checkDocument(ctx.db, actor.organization.id, input.document);
  const { wallet } = await loadWalletFor(ctx.db, actor, input.wallet_id, { allowArchived: true });
  const tokens = await walletTokens(ctx, ctx.db, wallet);
  const token = tokens.find((t) =>
    input.token ? t.contract?.toLowerCase() === input.token.toLowerCase() : t.contract === null,
  );
  if (!token) throw new AppError('TOKEN_NOT_FOUND_ERROR');
  const to = await family(() => familyOf(ctx, wallet.chain_key).recipient(input.to));
  const result = await evaluateTransfer(ctx.db, document, {
    organizationId: actor.organization.id,
    wallet,
    initiatorId: input.initiator_id ?? actor.user.id,
    recipients: [{ to, amount: parseAmount(input.amount, token.decimals), token }],
    at: input.at ? new Date(input.at) : new Date(),
    on: 'create',
    trace: true,
  });
  return {
    outcome: result.blocked ? 'block' : 'allow',
    reason: result.blocked ? `${ruleLabel(result.blocked)}: ${result.blocked.then.reason ?? ''}` : null,
    policy: result.policy,
    trace: result.trace,
  };
}
