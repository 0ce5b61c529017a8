import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canNoteRecord } from '../policy/policy';
import { walletRelation } from '../wallets/wallet-access';
import { plainDecimal, recordQuery, viewerOf } from './transfer-lists';

export type RecordNote = { remark: string } | { cost_price: string | null };

/**
 * Writes an on-chain record's remark or cost price (§7 PATCH /transfer/remark, /transfer/cost-price)
 * with its audit row in one transaction. A record the caller cannot see is "not found", as in
 * GET /transfer/info; seeing it is not enough to write: operators of its wallet and admins.
 */
export async function noteRecord(ctx: AppContext, actor: CommandContext, id: number, note: RecordNote) {
  const viewer = await viewerOf(ctx, actor.organization.id, actor.user.id, actor.member.role);
  const record = await recordQuery(ctx, viewer, {}).where('r.id', '=', id).executeTakeFirst();
  if (!record) throw new AppError('TASK_NOT_FOUND_ERROR');
  const decision = canNoteRecord(
    actor.member.role,
    await walletRelation(ctx.db, record.wallet_id, actor.user.id),
  );
  if (!decision.allowed) throw new AppError(decision.code!);
  const remark = 'remark' in note;
  const after = remark ? note.remark || null : note.cost_price;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('transfer_records')
      .set({
        ...(remark ? { remark: after } : { cost_price: after }),
        noted_by: actor.user.id,
        noted_at: new Date(),
      })
      .where('id', '=', id)
      .returning(['id', 'remark', 'cost_price'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      organizationId: actor.organization.id,
      userId: actor.user.id,
      type: 'transfer',
      operation: remark ? 'record_remark' : 'record_cost_price',
      ip: actor.ip,
      content: {
        wallet_id: record.wallet_id,
        record_id: record.id,
        tx_hash: record.tx_hash,
        symbol: record.symbol,
        before: remark ? record.remark : plainDecimal(record.cost_price),
        after: remark ? row.remark : plainDecimal(row.cost_price),
      },
    });
    return { id: row.id, remark: row.remark, cost_price: plainDecimal(row.cost_price) };
  });
}
