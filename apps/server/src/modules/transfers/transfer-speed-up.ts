import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { loadTransfer } from './transfer-access';
import { assertMayBroadcast } from './transfer-broadcast';
import { taskNumber } from './transfer-create';
import { family, familyOf, familyWallet, feeChoice, storedTransfer } from './transfer-family';
import { holdInputs, keepPayloadVersion, taskInputs } from './transfer-repository';
import { TransferStatus } from './transfer-status';
import { copyBatchOutputs } from './batch-repository';
import { jsonColumn } from '../../lib/json-column';

/**
 * Speed-up of a broadcast transfer in families that replace it (Bitcoin family, BIP-125): a NEW
 * task linked by `replaces` pays the same recipients from the same inputs at a higher fee. It
 * needs the signers again (status 3; the approvals of the original stand — recipients and
 * amounts are unchanged) and is broadcast like any transfer; whichever is mined first wins.
 * (Families that speed up with another attempt of the same task do it at broadcast.)
 */
export async function speedUpTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: { task_id: number; fee_tier: string; custom_fee_rate?: string | undefined },
) {
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  assertMayBroadcast(actor, task, wallet, relation);
  const adapter = familyOf(ctx, wallet.chain_key);
  if (task.status === TransferStatus.Completed) throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  if (task.status !== TransferStatus.OnChain || !adapter.buildReplacement)
    throw new AppError('TASK_STATUS_ERROR');
  const inputs = await taskInputs(ctx.db, task.id);
  const stored = storedTransfer(task, inputs);
  const fee = feeChoice(input.fee_tier, input.custom_fee_rate);
  const replacement = await family(() => adapter.buildReplacement!(familyWallet(wallet), stored, fee));
  const data = jsonColumn(task.data) as Record<string, unknown>;
  return ctx.db.transaction().execute(async (trx) => {
    const waiting: number[] = [
      TransferStatus.PendingApproval,
      TransferStatus.PendingSignature,
      TransferStatus.PendingBroadcast,
    ];
    const active = await trx
      .selectFrom('tasks')
      .select('id')
      .where('replaces', '=', task.id)
      .where('status', 'in', waiting)
      .executeTakeFirst();
    if (active)
      throw new AppError(
        'TASK_STATUS_ERROR',
        {},
        { reason: 'a replacement is already waiting', task_id: active.id },
      );
    const created = await trx
      .insertInto('tasks')
      .values({
        organization_id: task.organization_id,
        wallet_id: wallet.id,
        // A batch's replacement is the same batch (type 4) paying the same recipients.
        type: task.type,
        status: TransferStatus.PendingSignature,
        created_by: actor.user.id,
        data: JSON.stringify({ ...data, speed_up_of: task.id }),
        chain_key: task.chain_key,
        token_key: task.token_key,
        symbol: task.symbol,
        decimals: task.decimals,
        amount: task.amount,
        to_address: task.to_address,
        label_id: task.label_id,
        remark: `Speed-up of ${taskNumber(task.id)}`,
        approval_threshold: 0,
        signing_threshold: task.signing_threshold,
        fee_tier: input.fee_tier,
        payload: replacement.payload,
        payload_hash: replacement.payloadHash,
        fee_sat: replacement.fee.total?.toString() ?? null,
        fee_rate: replacement.fee.rate,
        vsize: replacement.fee.vsize,
        replaces: task.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await holdInputs(trx, created, replacement.inputs);
    await copyBatchOutputs(trx, task.id, created.id);
    await keepPayloadVersion(trx, created.id, replacement.payload, actor.user.id);
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: actor.user.id,
      type: 'transfer',
      operation: 'speed_up_requested',
      ip: actor.ip,
      content: {
        task_id: task.id,
        replacement_task_id: created.id,
        fee_rate: replacement.fee.rate,
        fee_sat: replacement.fee.total?.toString() ?? null,
      },
    });
    return created;
  });
}
