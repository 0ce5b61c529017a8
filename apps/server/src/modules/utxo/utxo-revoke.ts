import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Task } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { lockTask } from '../transfers/transfer-steps';
import { TransferStatus } from '../transfers/transfer-status';

/**
 * Revoke of a Bitcoin-family transfer at 0, 3 or 5: the task ends (7) and its outpoints are free
 * again. Bitcoin has no nonce to burn: at 5 the fully signed PSBT exists (on the server and, in
 * parts, with the signers), so the revoke is an off-chain decision; spending one of its inputs in
 * another transfer is what makes it impossible on chain. Broadcast ones (6) are replaced (RBF).
 */
export async function revokeUtxoTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  task: Task,
  comment: string | undefined,
) {
  const { member } = requireSpace(request);
  const { user } = requireUser(request);
  const privileged = member.role === 1 || member.role === 2;
  if (task.created_by !== user.id && !privileged) throw new AppError('PERMISSION_REVOKE_ERROR');
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (locked.status === TransferStatus.Revoked) throw new AppError('TASK_ALREADY_REVOKED_ERROR');
    const revocable: number[] = [
      TransferStatus.PendingApproval,
      TransferStatus.PendingSignature,
      TransferStatus.PendingBroadcast,
    ];
    if (!revocable.includes(locked.status)) throw new AppError('TASK_NOT_REVOCABLE_ERROR');
    await trx
      .updateTable('tasks')
      .set({ status: TransferStatus.Revoked, revoked_by: user.id, updated_at: new Date() })
      .where('id', '=', task.id)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'revoke',
      ip: request.ip,
      content: { task_id: task.id, stage: locked.status, comment: comment ?? null },
    });
    return { status: TransferStatus.Revoked };
  });
}
