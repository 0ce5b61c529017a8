import type { FastifyRequest } from 'fastify';
import { buildReplacementPsbt } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import type { WalletRelation } from '../policy/policy';
import { assertMayBroadcast } from '../transfers/transfer-broadcast';
import { taskNumber } from '../transfers/transfer-create';
import { TransferStatus, TRANSFER_TASK } from '../transfers/transfer-status';
import { mapped } from './utxo-errors';
import { feeRateFor } from './utxo-transfer-create';
import { multisigOf } from './utxo-wallet';

/**
 * Speed-up of a broadcast Bitcoin-family transfer (BIP-125): a NEW task linked by `replaces`
 * spends the same inputs to the same recipients with the fee raised out of the change. It needs
 * the signers again (status 3; the approvals of the original stand — recipients and amounts are
 * unchanged), and is broadcast like any transfer. When the node accepts it the original becomes
 * 10 ("replaced by …"); if the original confirms first the replacement becomes 10.
 */
export async function speedUpUtxoTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  loaded: { task: Task; wallet: Wallet; relation: WalletRelation },
  input: { fee_tier: string; custom_fee_rate?: string | undefined },
) {
  const { user } = requireUser(request);
  const { member } = requireSpace(request);
  const { task, wallet, relation } = loaded;
  assertMayBroadcast(task, wallet, relation, user.id, member.role);
  if (task.status === TransferStatus.Completed) throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  if (task.status !== TransferStatus.OnChain || !task.psbt || !task.fee_sat || !task.vsize)
    throw new AppError('TASK_STATUS_ERROR');
  const feeRate = await feeRateFor(ctx, wallet, input.fee_tier, input.custom_fee_rate);
  const rows = await ctx.db.selectFrom('task_utxos').selectAll().where('task_id', '=', task.id).execute();
  const inputs = rows.map((r) => {
    const [txid, vout] = r.outpoint.split(':') as [string, string];
    return {
      txid,
      vout: Number(vout),
      value: BigInt(r.value),
      branch: r.branch as 0 | 1,
      index: r.address_index,
    };
  });
  const replacement = await mapped(() =>
    buildReplacementPsbt({
      wallet: multisigOf(wallet),
      originalPsbt: task.psbt!,
      originalFee: BigInt(task.fee_sat!),
      originalVsize: task.vsize!,
      inputs,
      feeRate,
    }),
  );
  const data = (typeof task.data === 'string' ? JSON.parse(task.data) : task.data) as Record<string, unknown>;
  return ctx.db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('tasks')
      .select('id')
      .where('replaces', '=', task.id)
      .where('status', 'in', [
        TransferStatus.PendingApproval,
        TransferStatus.PendingSignature,
        TransferStatus.PendingBroadcast,
      ])
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
        type: TRANSFER_TASK,
        status: TransferStatus.PendingSignature,
        created_by: user.id,
        data: JSON.stringify({ ...data, speed_up_of: task.id }),
        chain_key: task.chain_key,
        token_key: task.token_key,
        symbol: task.symbol,
        decimals: task.decimals,
        amount: task.amount,
        to_address: task.to_address,
        remark: `Speed-up of ${taskNumber(task.id)}`,
        approval_threshold: 0,
        signing_threshold: task.signing_threshold,
        fee_tier: input.fee_tier,
        psbt: replacement.psbt,
        fee_sat: replacement.fee.toString(),
        fee_rate: String(feeRate),
        vsize: replacement.vsize,
        replaces: task.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('task_utxos')
      .values(rows.map((r) => ({ ...r, task_id: created.id })))
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'speed_up_requested',
      ip: request.ip,
      content: {
        task_id: task.id,
        replacement_task_id: created.id,
        fee_rate: feeRate,
        fee_sat: replacement.fee.toString(),
      },
    });
    return created;
  });
}
