import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkTotp, recordTotpStep } from '../auth/totp-check';
import { approvalOutcome, canOnWallet } from '../policy/policy';
import { lockTransferForApproval } from './transfer-access';
import { taskNumber } from './transfer-create';
import { notifyUsers } from './transfer-notify';
import { family, familyOf, familyWallet, storedTransfer } from './transfer-family';
import { castVote, keepPayloadVersion, walletUserQuery } from './transfer-repository';
import { BATCH_TASK, TransferStatus } from './transfer-status';
import type { Kysely } from 'kysely';
import type { Database, Task } from '../../db/schema';
import { blockedError, evaluateTransfer, type PolicyRecipient } from '../transfer-policy/policy-check';
import type { PolicyDocument } from '@keystead/contract';
import {
  delayedUntil,
  policyApprovalOutcome,
  policyApprovers,
  storedPolicy,
  stricterOf,
} from '../transfer-policy/policy-requirements';

type ApprovalInput = {
  task_id: number;
  result: 1 | 2;
  comment?: string | undefined;
  mfa_code?: string | undefined;
};

/** A stamp a signing window opened (Tron's 24 h): asked for before the step's transaction. */
type OpenedWindow = Awaited<ReturnType<NonNullable<ReturnType<typeof familyOf>['signingWindow']>['open']>>;

/**
 * Approve or reject (§4): each approver once; the threshold decides, crossed exactly once. The
 * task is read once, locked, inside the step's transaction. Families whose transactions expire
 * (Tron, 24 h) are stamped afresh when an approval may open signing: that asks a node, which is
 * never done inside a transaction, so the step then runs twice (the stamp in between).
 */
export async function approveTransfer(ctx: AppContext, actor: CommandContext, input: ApprovalInput) {
  const first = await approveInTransaction(ctx, actor, input, null);
  if (first.done) return first.done;
  const { window, wallet, task } = first.stampFor;
  const opened = await family(() => window.open(familyWallet(wallet), storedTransfer(task)));
  const second = await approveInTransaction(ctx, actor, input, opened);
  if (!second.done) throw new Error('a signing window was asked for twice');
  return second.done;
}

async function approveInTransaction(
  ctx: AppContext,
  actor: CommandContext,
  input: ApprovalInput,
  opened: OpenedWindow | null,
) {
  const { organization, member, user } = actor;
  return ctx.db.transaction().execute(async (trx) => {
    const {
      task,
      wallet,
      relation,
      policy: inForce,
    } = await lockTransferForApproval(trx, actor, input.task_id);
    const approve = canOnWallet(member.role, relation, 'approve', {
      userId: user.id,
      ...policyApprovers(task),
    });
    if (!approve.allowed) throw new AppError(approve.code!);
    if (task.status !== TransferStatus.PendingApproval) throw new AppError('TASK_STATUS_ERROR');
    const window = familyOf(ctx, wallet.chain_key).signingWindow;
    if (window && input.result === 1 && task.payload && !opened)
      return { done: null, stampFor: { window, wallet, task } };
    // An approval evaluates the policy again (prices and velocities move): stricter needs are added.
    const stored = storedPolicy(task.policy);
    const fresh = input.result === 1 && inForce ? await policyNow(trx, task, inForce) : null;
    const policy = input.result === 1 ? stricterOf(stored, fresh) : stored;
    if (organization.is_open_approve || policy?.second_factor) {
      if (!input.mfa_code) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
      await recordTotpStep(trx, user.id, checkTotp(ctx, user, input.mfa_code));
    }
    // The vote, the earlier votes (read once under the task's lock) and the wallet's approvers.
    const { votes, approvers } = await castVote(
      trx,
      { taskId: task.id, userId: user.id, result: input.result, comment: input.comment ?? null },
      wallet.id,
    );
    // An earlier vote of this person: nothing was inserted, and the transaction rolls back.
    const previous = votes.find((vote) => Number(vote.user_id) === user.id);
    if (previous)
      throw new AppError(
        previous.result === 1 ? 'TASK_ALREADY_APPROVED_ERROR' : 'TASK_ALREADY_REJECTED_ERROR',
      );
    const results = [...votes.map((vote) => Number(vote.result)), input.result];
    const counts = {
      approved: results.filter((result) => result === 1).length,
      rejected: results.filter((result) => result === 2).length,
    };
    const threshold = task.approval_threshold ?? 0;
    const outcome = policy
      ? policyApprovalOutcome({
          policy,
          walletThreshold: threshold,
          walletApprovers: approvers,
          votes: [...votes, { user_id: user.id, result: input.result }].map((vote) => ({
            userId: Number(vote.user_id),
            result: Number(vote.result),
          })),
        })
      : approvalOutcome({ ...counts, deciders: approvers.length, threshold });
    const status: number =
      outcome === 'approved'
        ? TransferStatus.PendingSignature
        : outcome === 'rejected'
          ? TransferStatus.ApprovalRejected
          : task.status;
    const restamp = status === TransferStatus.PendingSignature && opened;
    const policyChanged = JSON.stringify(policy) !== JSON.stringify(stored);
    if (status !== task.status || policyChanged) {
      const now = new Date();
      await trx
        .updateTable('tasks')
        .set({
          status,
          ...(restamp ? { payload: opened.payload, payload_hash: opened.payloadHash } : {}),
          ...(policyChanged ? { policy: JSON.stringify(policy) } : {}),
          ...(status === TransferStatus.PendingSignature
            ? { broadcast_after: delayedUntil(policy, now) }
            : {}),
          updated_at: now,
        })
        .where('id', '=', task.id)
        .execute();
      if (restamp) await keepPayloadVersion(trx, task.id, opened.payload, user.id);
    }
    const number = taskNumber(task.id);
    if (status === TransferStatus.PendingSignature) {
      const signers = walletUserQuery(trx, wallet.id, ['signer']);
      await notifyUsers(
        ctx,
        trx,
        signers,
        task,
        wallet.name,
        `Transfer ${number} is approved`,
        'It now waits for your signature.',
      );
    } else if (status === TransferStatus.ApprovalRejected && task.created_by) {
      const why = input.comment ?? 'The approvers rejected it.';
      await notifyUsers(
        ctx,
        trx,
        [task.created_by],
        task,
        wallet.name,
        `Transfer ${number} was rejected`,
        why,
      );
    }
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: input.result === 1 ? 'approve' : 'reject',
      ip: actor.ip,
      content: {
        task_id: task.id,
        comment: input.comment ?? null,
        ...(policyChanged && policy ? { policy: policy.summary } : {}),
      },
    });
    return { done: { status, ...counts } };
  });
}

/** The policy in force evaluated for a waiting transfer, now (null: no rule matched). */
async function policyNow(trx: Kysely<Database>, task: Task, document: PolicyDocument) {
  const result = await evaluateTransfer(trx, document, {
    organizationId: task.organization_id,
    wallet: { id: task.wallet_id!, chain_key: task.chain_key! },
    initiatorId: task.created_by ?? 0,
    recipients: await taskRecipients(trx, task),
    at: new Date(),
    on: 'approval',
  });
  if (result.blocked) throw blockedError(result.blocked);
  return result.policy;
}

/** What a stored transfer pays: a batch's rows, or its amount to its recipient. */
async function taskRecipients(trx: Kysely<Database>, task: Task): Promise<PolicyRecipient[]> {
  if (task.type !== BATCH_TASK)
    return [
      {
        to: task.to_address!,
        amount: BigInt(task.amount ?? '0'),
        token: { symbol: task.symbol ?? '', decimals: task.decimals ?? 0 },
      },
    ];
  const rows = await trx
    .selectFrom('task_outputs')
    .select(['to_address', 'amount', 'symbol', 'decimals'])
    .where('task_id', '=', task.id)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    to: row.to_address,
    amount: BigInt(row.amount),
    token: { symbol: row.symbol, decimals: row.decimals },
  }));
}
