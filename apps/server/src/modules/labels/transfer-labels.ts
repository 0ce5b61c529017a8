import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canLabelTransfer } from '../policy/policy';
import { loadTransfer } from '../transfers/transfer-access';
import { labelsById, usableLabel } from './label-repository';

/**
 * The fund purpose a new transfer carries (§5: required where the wallet's asset-tag switch is
 * on). Read before the creation transaction; `recordTransferLabel` writes it inside.
 */
export async function fundPurposeFor(
  ctx: AppContext,
  organizationId: number,
  wallet: { asset_tag_on: boolean },
  labelId: number | undefined,
) {
  if (labelId === undefined) {
    if (wallet.asset_tag_on) throw new AppError('TRANSFER_PURPOSE_REQUIRED_ERROR');
    return null;
  }
  const label = await usableLabel(ctx.db, organizationId, labelId);
  if (!label) throw new AppError('TAG_NOT_FOUND_ERROR');
  return label.id;
}

/** One row of a transfer's fund-purpose history (creation and every change). */
export async function recordTransferLabel(
  trx: Transaction<Database>,
  change: {
    organizationId: number;
    taskId: number;
    labelId: number | null;
    previous: number | null;
    userId: number;
  },
) {
  await trx
    .insertInto('label_records')
    .values({
      organization_id: change.organizationId,
      task_id: change.taskId,
      label_id: change.labelId,
      previous_label_id: change.previous,
      user_id: change.userId,
    })
    .execute();
}

/**
 * POST /label/set: the wallet's operators and the space's admins change a transfer's fund purpose
 * at any stage (it is bookkeeping, not part of what is signed); audited with the history row.
 */
export async function setTransferLabel(
  ctx: AppContext,
  actor: CommandContext,
  input: { task_id: number; label_id: number | null },
) {
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  const decision = canLabelTransfer(actor.member.role, relation);
  if (!decision.allowed) throw new AppError(decision.code!);
  // null clears it, where the wallet does not require one.
  const labelId = await fundPurposeFor(ctx, actor.organization.id, wallet, input.label_id ?? undefined);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('tasks')
      .select('label_id')
      .where('id', '=', task.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.label_id === labelId) return { id: task.id };
    await trx.updateTable('tasks').set({ label_id: labelId }).where('id', '=', task.id).execute();
    const change = {
      organizationId: actor.organization.id,
      taskId: task.id,
      labelId,
      previous: before.label_id,
      userId: actor.user.id,
    };
    await recordTransferLabel(trx, change);
    const names = await labelsById(trx, actor.organization.id, [labelId, before.label_id]);
    await writeAudit(trx, {
      organizationId: actor.organization.id,
      userId: actor.user.id,
      type: 'transfer',
      operation: 'label_set',
      ip: actor.ip,
      content: {
        task_id: task.id,
        wallet_id: wallet.id,
        before: before.label_id === null ? null : (names.get(before.label_id)?.name ?? null),
        after: labelId === null ? null : (names.get(labelId)?.name ?? null),
      },
    });
    return { id: task.id };
  });
}

/** GET /label-record: a transfer's fund-purpose history, newest first (who may see the transfer). */
export async function transferLabelRecords(ctx: AppContext, actor: CommandContext, taskId: number) {
  const { task } = await loadTransfer(ctx, actor, taskId);
  const rows = await ctx.db
    .selectFrom('label_records as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.label_id',
      'r.previous_label_id',
      'r.user_id',
      'r.created_at',
      'u.nickname',
      'u.email',
    ])
    .where('r.task_id', '=', task.id)
    .orderBy('r.id', 'desc')
    .execute();
  const labels = await labelsById(
    ctx.db,
    actor.organization.id,
    rows.flatMap((row) => [row.label_id, row.previous_label_id]),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      label: row.label_id === null ? null : (labels.get(row.label_id) ?? null),
      previous: row.previous_label_id === null ? null : (labels.get(row.previous_label_id) ?? null),
      user: row.user_id === null ? null : { user_id: row.user_id, nickname: row.nickname || row.email || '' },
      ctime: row.created_at.toISOString(),
    })),
  };
}

/** Replies naming each task's fund purpose (lists, detail, export), added to the given objects. */
export async function withFundPurpose<T extends { label_id: number | null }>(
  ctx: AppContext,
  organizationId: number,
  tasks: T[],
) {
  const labels = await labelsById(
    ctx.db,
    organizationId,
    tasks.map((task) => task.label_id),
  );
  // In place: every caller passes objects it just presented, and copying a wide object to add one
  // field costs a list page more than presenting it did.
  return tasks.map((task) =>
    Object.assign(task, {
      fund_purpose: task.label_id === null ? null : (labels.get(task.label_id) ?? null),
    }),
  );
}
