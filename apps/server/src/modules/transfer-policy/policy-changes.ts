import { SpaceRole, type PolicyDocument } from '@keystead/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkTotp, recordTotpStep } from '../auth/totp-check';
import { notifyAll } from '../notifications/notification.service';
import { approvalOutcome } from '../policy/policy';
import { checkDocument } from './policy-document';
import { policyInForce } from './policy-facts';

/**
 * Maker-checker of the transfer policy (issue 21): an admin proposes a whole new document; it is
 * in force only once `quorum` other admins approved it (the quorum of the policy in force when it
 * was proposed, so a change cannot lower the bar it is judged by). One change waits at a time;
 * rejections that leave too few checkers to reach the quorum reject it; its proposer may revoke it.
 */

const ADMIN_ROLES = [SpaceRole.Creator, SpaceRole.Admin];

/** The space's joined admins (creator included). */
export async function spaceAdmins(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'joined')
    .where('role', 'in', ADMIN_ROLES)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

const audit = (actor: CommandContext) => ({
  organizationId: actor.organization.id,
  userId: actor.user.id,
  type: 'organization' as const,
  ip: actor.ip,
});

export async function proposePolicyChange(ctx: AppContext, actor: CommandContext, document: PolicyDocument) {
  await checkDocument(ctx.db, actor.organization.id, document);
  return ctx.db.transaction().execute(async (trx) => {
    // The policy row (or the space) is the lock: proposals of one space are taken one at a time.
    await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', actor.organization.id)
      .forUpdate()
      .execute();
    const waiting = await trx
      .selectFrom('policy_changes')
      .select('id')
      .where('organization_id', '=', actor.organization.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting) throw new AppError('TRANSFER_POLICY_CHANGE_PENDING_ERROR');
    const inForce = await policyInForce(trx, actor.organization.id);
    const quorum = inForce?.document.change_quorum ?? 1;
    const checkers = (await spaceAdmins(trx, actor.organization.id)).filter((id) => id !== actor.user.id);
    if (checkers.length < quorum)
      throw new AppError('TRANSFER_POLICY_NO_CHECKER_ERROR', { quorum: String(quorum) });
    const row = await trx
      .insertInto('policy_changes')
      .values({
        organization_id: actor.organization.id,
        document: JSON.stringify(document),
        base_version: inForce?.version ?? 0,
        quorum,
        proposed_by: actor.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const who = actor.user.nickname || actor.user.email;
    await notifyAll(
      trx,
      checkers.map((userId) => ({
        userId,
        organizationId: actor.organization.id,
        category: 'message' as const,
        topic: 'space' as const,
        title: 'A transfer policy change to approve',
        body: `${who} proposed a new transfer policy (${document.rules.length} rules); ${quorum} approval(s) put it in force.`,
        link: '/settings/transfer-policy',
      })),
      Boolean(ctx.config.SMTP_URL),
    );
    await writeAudit(trx, {
      ...audit(actor),
      operation: 'policy_change_propose',
      content: { change_id: row.id, rules: document.rules.length, quorum },
    });
    return row.id;
  });
}

async function changeOf(db: Db, actor: CommandContext, changeId: number) {
  const row = await db
    .selectFrom('policy_changes')
    .selectAll()
    .where('id', '=', changeId)
    .where('organization_id', '=', actor.organization.id)
    .executeTakeFirst();
  if (!row) throw new AppError('TRANSFER_POLICY_CHANGE_NOT_FOUND_ERROR');
  return row;
}

async function lockPending(trx: Db, changeId: number) {
  const row = await trx
    .selectFrom('policy_changes')
    .selectAll()
    .where('id', '=', changeId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.status !== 'pending') throw new AppError('TRANSFER_POLICY_CHANGE_DECIDED_ERROR');
  return row;
}

/** An admin's approval (1) or rejection (2) of a waiting change, each once; the quorum decides. */
export async function votePolicyChange(
  ctx: AppContext,
  actor: CommandContext,
  input: { change_id: number; result: 1 | 2; comment?: string | undefined; mfa_code?: string | undefined },
) {
  const { user, organization } = actor;
  const row = await changeOf(ctx.db, actor, input.change_id);
  if (row.proposed_by === user.id) throw new AppError('TRANSFER_POLICY_OWN_CHANGE_ERROR');
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockPending(trx, row.id);
    if (organization.is_open_approve) {
      if (!input.mfa_code) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
      await recordTotpStep(trx, user.id, checkTotp(ctx, user, input.mfa_code));
    }
    const votes = await trx
      .selectFrom('policy_change_votes')
      .select(['user_id', 'result'])
      .where('change_id', '=', row.id)
      .execute();
    if (votes.some((vote) => Number(vote.user_id) === user.id))
      throw new AppError('TRANSFER_POLICY_CHANGE_VOTED_ERROR');
    await trx
      .insertInto('policy_change_votes')
      .values({ change_id: row.id, user_id: user.id, result: input.result, comment: input.comment ?? null })
      .execute();
    const results = [...votes.map((vote) => Number(vote.result)), input.result];
    const checkers = (await spaceAdmins(trx, organization.id)).filter((id) => id !== locked.proposed_by);
    const outcome = approvalOutcome({
      approved: results.filter((r) => r === 1).length,
      rejected: results.filter((r) => r === 2).length,
      deciders: checkers.length,
      threshold: locked.quorum,
    });
    await writeAudit(trx, {
      ...audit(actor),
      operation: input.result === 1 ? 'policy_change_approve' : 'policy_change_reject',
      content: { change_id: row.id, comment: input.comment ?? null },
    });
    if (outcome === 'open') return;
    await trx
      .updateTable('policy_changes')
      .set({ status: outcome === 'approved' ? 'applied' : 'rejected', decided_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    if (outcome === 'rejected') return;
    const version = locked.base_version + 1;
    await trx
      .insertInto('transfer_policies')
      .values({
        organization_id: organization.id,
        version,
        document: JSON.stringify(locked.document),
        change_id: row.id,
      })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet({
          version: sql`excluded.version`,
          document: sql`excluded.document`,
          change_id: sql`excluded.change_id`,
          updated_at: new Date(),
        }),
      )
      .execute();
    await writeAudit(trx, {
      ...audit(actor),
      userId: locked.proposed_by,
      operation: 'policy_applied',
      content: { change_id: row.id, version },
    });
  });
}

/** The proposer withdraws a waiting change. */
export async function revokePolicyChange(ctx: AppContext, actor: CommandContext, changeId: number) {
  const row = await changeOf(ctx.db, actor, changeId);
  if (row.proposed_by !== actor.user.id) throw new AppError('PERMISSION_SPACE_MANAGE_ERROR');
  await ctx.db.transaction().execute(async (trx) => {
    await lockPending(trx, changeId);
    await trx
      .updateTable('policy_changes')
      .set({ status: 'revoked', decided_at: new Date() })
      .where('id', '=', changeId)
      .execute();
    await writeAudit(trx, {
      ...audit(actor),
      operation: 'policy_change_revoke',
      content: { change_id: changeId },
    });
  });
}
