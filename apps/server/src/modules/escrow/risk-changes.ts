import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { RiskChangeOperation } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { withEmailCode } from '../auth/email-code.service';
import { checkTotp, recordTotpStep } from '../auth/totp-check';
import type { ExchangeAccount } from '../exchanges/exchange-repository';
import { notify } from '../notifications/notification.service';
import { approvalOutcome, canApproveRiskChange, canManageRisk, type WalletRelation } from '../policy/policy';
import { replaceStrategy, saveEscrowSettings, touchStrategy } from './escrow-repository';
import type { StoredRule } from './risk-judge';
import { jsonColumn } from '../../lib/json-column';

/**
 * Maker-checker of risk-control changes (issue 17: "approved like a transfer when the space
 * enables it"). An exchange account whose wallet has approvers (approval threshold >= 1) does not
 * take a risk-control user's change at once: the change waits here, the rules in force stay in
 * force, and the account's approvers approve or reject it, each once; the threshold (kept with the
 * change) decides, and the approval that reaches it applies the change in its own transaction.
 * The proposer is not one of its checkers. Without approvers a change applies at once, as before.
 */

/** A change as proposed and as applied: the checked input, nothing read again at apply time. */
export type RiskChange =
  | { operation: 'risk_rules_save'; change: { tactic_type: number; rules: StoredRule[] } }
  | { operation: 'risk_rule_delete'; change: { rule: StoredRule } }
  | { operation: 'risk_lever'; change: { trade_category: number; from: number | null; to: number } }
  | { operation: 'risk_settings'; change: { from: number; to: number } };

/** Writes a change to the account's strategy or settings (the caller's transaction). */
async function applyRiskChange(trx: Db, account: ExchangeAccount, item: RiskChange, userId: number) {
  const walletId = account.wallet_id;
  switch (item.operation) {
    case 'risk_rules_save':
      return replaceStrategy(
        trx,
        {
          wallet_id: walletId,
          organization_id: account.organization_id,
          tactic_type: item.change.tactic_type,
          updated_by: userId,
        },
        item.change.rules,
      );
    case 'risk_rule_delete':
      await trx
        .deleteFrom('risk_rules')
        .where('wallet_id', '=', walletId)
        .where('trade_category', '=', item.change.rule.trade_category)
        .execute();
      return touchStrategy(trx, walletId, userId);
    case 'risk_lever':
      await trx
        .updateTable('risk_rules')
        .set({ contract_lever: item.change.to })
        .where('wallet_id', '=', walletId)
        .where('trade_category', '=', item.change.trade_category)
        .execute();
      return touchStrategy(trx, walletId, userId);
    case 'risk_settings':
      return saveEscrowSettings(trx, walletId, { limit_window_hours: item.change.to }, userId);
  }
}

const auditOf = (actor: CommandContext, account: ExchangeAccount) => ({
  organizationId: account.organization_id,
  userId: actor.user.id,
  type: 'wallet' as const,
  ip: actor.ip,
});

/** The account's approvers (wallet members with the approver role) and its approval threshold. */
async function approvalOf(db: Db, walletId: number) {
  const [wallet, approvers] = await Promise.all([
    db
      .selectFrom('wallets')
      .select('approval_threshold')
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallet_members')
      .select('user_id')
      .where('wallet_id', '=', walletId)
      .where('role', '=', 'approver')
      .execute(),
  ]);
  return { threshold: wallet.approval_threshold, approvers: approvers.map((row) => row.user_id) };
}

/**
 * A risk-control user's change, with the `risk_control` e-mail code: applied at once, or — when
 * the account has approvers — proposed to them. Either way one transaction with its audit row;
 * refused while another change waits (§4 strategy status 3 "setting").
 */
export async function submitRiskChange(
  ctx: AppContext,
  actor: CommandContext,
  account: ExchangeAccount,
  emailCode: string,
  item: RiskChange,
): Promise<'applied' | 'proposed'> {
  return withEmailCode(ctx, actor.user.email, 'risk_control', emailCode, async (trx) => {
    await trx
      .selectFrom('exchange_accounts')
      .select('wallet_id')
      .where('wallet_id', '=', account.wallet_id)
      .forUpdate()
      .execute();
    const waiting = await pendingChangeRow(trx, account.wallet_id);
    if (waiting) throw new AppError('RISK_CONTROL_SETTING_IN_PROGRESS_ERROR');
    const content = { wallet_id: account.wallet_id, name: account.name, ...item.change };
    const { threshold, approvers } = await approvalOf(trx, account.wallet_id);
    if (threshold < 1) {
      await applyRiskChange(trx, account, item, actor.user.id);
      await writeAudit(trx, { ...auditOf(actor, account), operation: item.operation, content });
      return 'applied';
    }
    const checkers = approvers.filter((id) => id !== actor.user.id);
    if (checkers.length < threshold) throw new AppError('WALLET_APPROVE_THRESHOLD_ERROR');
    const row = await trx
      .insertInto('risk_changes')
      .values({
        wallet_id: account.wallet_id,
        organization_id: account.organization_id,
        operation: item.operation,
        change: JSON.stringify(item.change),
        approval_threshold: threshold,
        proposed_by: actor.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      ...auditOf(actor, account),
      operation: 'risk_change_propose',
      content: { ...content, change_id: row.id, change_operation: item.operation, threshold },
    });
    for (const userId of checkers)
      await notify(
        trx,
        {
          userId,
          organizationId: account.organization_id,
          category: 'message',
          topic: 'wallet',
          title: `Risk-control change of ${account.name} to approve`,
          body: `${actor.user.nickname || actor.user.email} proposed a change of the risk-control rules; ${threshold} approval(s) apply it.`,
          walletName: account.name,
          link: `/wallet/exchange-wallet/${account.wallet_id}?tab=risk`,
        },
        Boolean(ctx.config.SMTP_URL),
      );
    return 'proposed';
  });
}

export async function pendingChangeRow(db: Db, walletId: number) {
  return db
    .selectFrom('risk_changes')
    .selectAll()
    .where('wallet_id', '=', walletId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

const storedChange = (row: { operation: RiskChangeOperation; change: unknown }): RiskChange =>
  ({
    operation: row.operation,
    change: jsonColumn(row.change),
  }) as RiskChange;

/** The change a request names, in the caller's space (another space's is not found). */
async function changeOf(db: Db, actor: CommandContext, changeId: number) {
  const row = await db
    .selectFrom('risk_changes')
    .selectAll()
    .where('id', '=', changeId)
    .where('organization_id', '=', actor.organization.id)
    .executeTakeFirst();
  if (!row) throw new AppError('RISK_CONTROL_CHANGE_NOT_FOUND_ERROR');
  return row;
}

async function lockPending(trx: Db, changeId: number) {
  const row = await trx
    .selectFrom('risk_changes')
    .selectAll()
    .where('id', '=', changeId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.status !== 'pending') throw new AppError('RISK_CONTROL_CHANGE_DECIDED_ERROR');
  return row;
}

/**
 * POST /escrow/risk-control-rules/changes/approve: an approver's approval (1) or rejection (2),
 * each once, with the authenticator when the space asks it of approvers. Reaching the threshold
 * applies the change; once the rejections leave too few checkers to reach it, it is rejected.
 */
export async function voteRiskChange(
  ctx: AppContext,
  actor: CommandContext,
  account: ExchangeAccount,
  relation: WalletRelation,
  changeId: number,
  input: { result: 1 | 2; comment?: string | undefined; mfa_code?: string | undefined },
): Promise<void> {
  const { user, organization } = actor;
  const decision = canApproveRiskChange(relation);
  if (!decision.allowed) throw new AppError(decision.code!);
  const row = await changeOf(ctx.db, actor, changeId);
  if (row.wallet_id !== account.wallet_id) throw new AppError('RISK_CONTROL_CHANGE_NOT_FOUND_ERROR');
  if (row.proposed_by === user.id) throw new AppError('RISK_CONTROL_OWN_CHANGE_ERROR');
  let totpStep: number | null = null;
  if (organization.is_open_approve) {
    if (!input.mfa_code) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
    totpStep = checkTotp(ctx, user, input.mfa_code);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockPending(trx, changeId);
    if (totpStep !== null) await recordTotpStep(trx, user.id, totpStep);
    const voted = await trx
      .selectFrom('risk_change_votes')
      .select('result')
      .where('change_id', '=', changeId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (voted) throw new AppError('RISK_CONTROL_CHANGE_VOTED_ERROR');
    await trx
      .insertInto('risk_change_votes')
      .values({ change_id: changeId, user_id: user.id, result: input.result, comment: input.comment ?? null })
      .execute();
    const counts = await trx
      .selectFrom('risk_change_votes')
      .select([
        sql<number>`count(*) filter (where result = 1)`.as('approved'),
        sql<number>`count(*) filter (where result = 2)`.as('rejected'),
      ])
      .where('change_id', '=', changeId)
      .executeTakeFirstOrThrow();
    const { approvers } = await approvalOf(trx, account.wallet_id);
    const checkers = approvers.filter((id) => id !== locked.proposed_by).length;
    const item = storedChange(locked);
    const audit = auditOf(actor, account);
    const content = { wallet_id: account.wallet_id, name: account.name, change_id: changeId };
    await writeAudit(trx, {
      ...audit,
      operation: input.result === 1 ? 'risk_change_approve' : 'risk_change_reject',
      content: { ...content, comment: input.comment ?? null },
    });
    const outcome = approvalOutcome({
      approved: Number(counts.approved),
      rejected: Number(counts.rejected),
      deciders: checkers,
      threshold: locked.approval_threshold,
    });
    if (outcome === 'open') return;
    const status = outcome === 'approved' ? 'applied' : 'rejected';
    await trx
      .updateTable('risk_changes')
      .set({ status, decided_at: new Date() })
      .where('id', '=', changeId)
      .execute();
    // Rejected: the rules in force stay in force (the tab shows §4 status 2 "failed" until the next change).
    if (status === 'rejected') return;
    // The proposer's change, now approved: written as theirs, audited as applied.
    await applyRiskChange(trx, account, item, locked.proposed_by);
    await writeAudit(trx, {
      ...audit,
      userId: locked.proposed_by,
      operation: item.operation,
      content: { ...content, ...item.change, approved: true },
    });
  });
}

/** POST /escrow/risk-control-rules/changes/revoke: the proposer or another risk-control user withdraws a waiting change. */
export async function revokeRiskChange(
  ctx: AppContext,
  actor: CommandContext,
  account: ExchangeAccount,
  relation: WalletRelation,
  changeId: number,
): Promise<void> {
  const row = await changeOf(ctx.db, actor, changeId);
  if (row.wallet_id !== account.wallet_id) throw new AppError('RISK_CONTROL_CHANGE_NOT_FOUND_ERROR');
  if (row.proposed_by !== actor.user.id) {
    const decision = canManageRisk(relation);
    if (!decision.allowed) throw new AppError(decision.code!);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockPending(trx, changeId);
    await trx
      .updateTable('risk_changes')
      .set({ status: 'revoked', decided_at: new Date() })
      .where('id', '=', changeId)
      .execute();
    await writeAudit(trx, {
      ...auditOf(actor, account),
      operation: 'risk_change_revoke',
      content: { wallet_id: account.wallet_id, name: account.name, change_id: changeId },
    });
  });
}

type ChangeRow = NonNullable<Awaited<ReturnType<typeof pendingChangeRow>>>;

/** Each account's latest change that was not withdrawn (one query for a page of accounts). */
export async function latestChanges(db: Db, walletIds: number[]): Promise<Map<number, ChangeRow>> {
  if (walletIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('risk_changes')
    .selectAll()
    .distinctOn('wallet_id')
    .where('wallet_id', 'in', walletIds)
    .where('status', '!=', 'revoked')
    .orderBy('wallet_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.wallet_id, row]));
}

/**
 * §4 strategy status as the tab shows it: 3 "setting" while a change waits, 2 "failed" when the
 * last decided change was rejected after the rules were last written, else the stored status.
 * The judge reads the stored status only: a waiting or rejected change never stops the rules in force.
 */
export function shownStrategyStatus(
  last: ChangeRow | undefined,
  stored: { status: number; updated_at: Date } | null,
): number | null {
  if (last?.status === 'pending') return 3;
  if (last?.status === 'rejected' && (!stored || (last.decided_at ?? 0) > stored.updated_at)) return 2;
  return stored?.status ?? null;
}

/** The account's approvers and threshold with their names, read once for the whole tab. */
export async function approvalView(db: Db, walletId: number) {
  const { threshold, approvers } = await approvalOf(db, walletId);
  const names = await namesOf(db, approvers);
  return { threshold, approvers: approvers.map((id) => ({ id, name: names.get(id) ?? String(id) })) };
}

type Approval = Awaited<ReturnType<typeof approvalView>>;

/** The waiting change as the risk-control tab shows it: what would be written, who approved, who may act. */
export async function pendingChangeView(
  db: Db,
  actor: CommandContext,
  last: ChangeRow | undefined,
  approval: Approval,
  relation: WalletRelation,
) {
  if (last?.status !== 'pending') return null;
  const row = last;
  const votes = await db
    .selectFrom('risk_change_votes')
    .select(['user_id', 'result', 'comment', 'created_at'])
    .where('change_id', '=', row.id)
    .orderBy('created_at')
    .execute();
  const known = new Map(approval.approvers.map((a) => [a.id, a.name]));
  const unknown = [row.proposed_by, ...votes.map((v) => v.user_id)].filter((id) => !known.has(id));
  for (const [id, name] of await namesOf(db, unknown)) known.set(id, name);
  const person = (id: number) => ({ id, name: known.get(id) ?? String(id) });
  const me = actor.user.id;
  return {
    id: row.id,
    operation: row.operation,
    change: storedChange(row).change as Record<string, unknown>,
    proposed_by: person(row.proposed_by),
    created_at: row.created_at.toISOString(),
    approval_threshold: row.approval_threshold,
    approvers: approval.approvers.filter((a) => a.id !== row.proposed_by),
    votes: votes.map((v) => ({
      user: person(v.user_id),
      result: v.result,
      comment: v.comment,
      created_at: v.created_at.toISOString(),
    })),
    can_vote:
      canApproveRiskChange(relation).allowed &&
      row.proposed_by !== me &&
      !votes.some((v) => v.user_id === me),
    can_revoke: row.proposed_by === me || relation.roles.has('risk_control'),
  };
}

/** Users' display names (nickname, else e-mail) by id. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'email'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((u) => [u.id, u.nickname || u.email]));
}
