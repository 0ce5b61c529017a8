import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkTotp, recordTotpStep } from '../auth/totp-check';
import { approvalOutcome, canOnWallet } from '../policy/policy';
import { loadTransfer } from './transfer-access';
import { taskNumber } from './transfer-create';
import { notifyUsers } from './transfer-notify';
import { family, familyOf, familyWallet, storedTransfer } from './transfer-family';
import { keepPayloadVersion, lockTask, walletUserIds } from './transfer-repository';
import { TransferStatus } from './transfer-status';

/** Approve or reject (§4): each approver once; the threshold decides, crossed exactly once. */
export async function approveTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: { task_id: number; result: 1 | 2; comment?: string | undefined; mfa_code?: string | undefined },
) {
  const { organization, member, user } = actor;
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  const approve = canOnWallet(member.role, relation, 'approve');
  if (!approve.allowed) throw new AppError(approve.code!);
  let totpStep: number | null = null;
  if (organization.is_open_approve) {
    if (!input.mfa_code) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
    totpStep = checkTotp(ctx, user, input.mfa_code);
  }
  // Families whose transactions expire (Tron, 24 h) are stamped afresh if this approval opens signing.
  const window = familyOf(ctx, wallet.chain_key).signingWindow;
  const opened =
    window && input.result === 1 && task.payload
      ? await family(() => window.open(familyWallet(wallet), storedTransfer(task)))
      : null;
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (locked.status !== TransferStatus.PendingApproval) throw new AppError('TASK_STATUS_ERROR');
    if (totpStep !== null) await recordTotpStep(trx, user.id, totpStep);
    // The task's votes, read once under its row lock: this user's earlier vote and the counts.
    const votes = await trx
      .selectFrom('task_approvals')
      .select(['user_id', 'result'])
      .where('task_id', '=', task.id)
      .execute();
    const previous = votes.find((vote) => Number(vote.user_id) === user.id);
    if (previous)
      throw new AppError(
        previous.result === 1 ? 'TASK_ALREADY_APPROVED_ERROR' : 'TASK_ALREADY_REJECTED_ERROR',
      );
    await trx
      .insertInto('task_approvals')
      .values({ task_id: task.id, user_id: user.id, result: input.result, comment: input.comment ?? null })
      .execute();
    const results = [...votes.map((vote) => Number(vote.result)), input.result];
    const counts = {
      approved: results.filter((result) => result === 1).length,
      rejected: results.filter((result) => result === 2).length,
    };
    const approvers = await walletUserIds(trx, wallet.id, ['approver']);
    const threshold = locked.approval_threshold ?? 0;
    const outcome = approvalOutcome({
      ...counts,
      deciders: approvers.length,
      threshold,
    });
    const status: number =
      outcome === 'approved'
        ? TransferStatus.PendingSignature
        : outcome === 'rejected'
          ? TransferStatus.ApprovalRejected
          : locked.status;
    const restamp = status === TransferStatus.PendingSignature && opened;
    if (status !== locked.status) {
      await trx
        .updateTable('tasks')
        .set({
          status,
          ...(restamp ? { payload: opened.payload, payload_hash: opened.payloadHash } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', task.id)
        .execute();
      if (restamp) await keepPayloadVersion(trx, task.id, opened.payload, user.id);
    }
    const number = taskNumber(task.id);
    if (status === TransferStatus.PendingSignature) {
      const signers = await walletUserIds(trx, wallet.id, ['signer']);
      await notifyUsers(
        ctx,
        trx,
        signers,
        locked,
        wallet.name,
        `Transfer ${number} is approved`,
        'It now waits for your signature.',
      );
    } else if (status === TransferStatus.ApprovalRejected && locked.created_by) {
      const why = input.comment ?? 'The approvers rejected it.';
      await notifyUsers(
        ctx,
        trx,
        [locked.created_by],
        locked,
        wallet.name,
        `Transfer ${number} was rejected`,
        why,
      );
    }
    // Last: the space's audit chain stays locked until the commit.
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: input.result === 1 ? 'approve' : 'reject',
      ip: actor.ip,
      content: { task_id: task.id, comment: input.comment ?? null },
    });
    return { status, ...counts };
  });
}
