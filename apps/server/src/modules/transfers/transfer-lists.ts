import { sql } from 'kysely';
import type { transferListQuery, transferRecordsQuery } from '@keystead/contract';
import type { z } from 'zod';
import { formatUnits } from '../wallets/decimal';
import type { AppContext } from '../../context';
import { seesEveryWallet } from '../policy/policy';
import { ACTIVE_STATUSES, PRESIGNED_TASK, TransferStatus, TRANSFER_TYPES } from './transfer-status';

type ListFilters = Omit<z.infer<typeof transferListQuery>, 'page' | 'page_size'>;
type RecordFilters = Omit<z.infer<typeof transferRecordsQuery>, 'page' | 'page_size'>;

/** Lists count at most this many rows (100 pages of 10): a pager needs "many", not an exact million. */
export const COUNT_CAP = 1_000;
export const EXPORT_MAX_ROWS = 50_000;

export interface Viewer {
  organizationId: number;
  userId: number;
  /** Creators and admins see every wallet's transfers; others only `walletIds`. */
  seesAll: boolean;
  /** The wallets a member has a role on or signs for (read once per request). */
  walletIds: number[];
}

/** Who is asking: admins see the whole space; a member the wallets they have a role on. */
export async function viewerOf(
  ctx: AppContext,
  organizationId: number,
  userId: number,
  spaceRole: number,
): Promise<Viewer> {
  const seesAll = seesEveryWallet(spaceRole);
  if (seesAll) return { organizationId, userId, seesAll, walletIds: [] };
  const rows = await ctx.db
    .selectFrom('wallet_members')
    .select('wallet_id')
    .where('user_id', '=', userId)
    .union(ctx.db.selectFrom('wallet_signers').select('wallet_id').where('user_id', '=', userId))
    .execute();
  return { organizationId, userId, seesAll, walletIds: rows.map((row) => row.wallet_id) };
}

/** The transfers a person may see with the list's filters (shared by the list and its export). */
export function transferQuery(ctx: AppContext, viewer: Viewer, filters: ListFilters) {
  const { tab, wallet_id, status, symbol, keyword, start_time, end_time, label_id } = filters;
  // Wallet-creation tasks (type 3) show in "all" beside transfers (§4: they are tasks too).
  let query = ctx.db.selectFrom('tasks as t').where('t.organization_id', '=', viewer.organizationId);
  // Pre-signed: those still waiting to be approved, signed or broadcast (§2 list tab).
  query =
    tab === 'todo'
      ? query.where('t.type', 'in', TRANSFER_TYPES)
      : tab === 'pre_signed'
        ? query.where('t.type', '=', PRESIGNED_TASK).where(
            't.status',
            'in',
            ACTIVE_STATUSES.filter((s) => s !== TransferStatus.OnChain),
          )
        : query.where('t.type', 'in', [...TRANSFER_TYPES, 3]);
  if (!viewer.seesAll)
    query = query.where('t.wallet_id', 'in', viewer.walletIds.length > 0 ? viewer.walletIds : [0]);
  if (wallet_id) query = query.where('t.wallet_id', '=', wallet_id);
  if (status !== undefined) query = query.where('t.status', '=', status);
  if (label_id) query = query.where('t.label_id', '=', label_id);
  if (symbol) query = query.where(sql<boolean>`upper(t.symbol) = ${symbol.toUpperCase()}`);
  if (start_time) query = query.where('t.created_at', '>=', start_time);
  if (end_time) query = query.where('t.created_at', '<', end_time);
  if (keyword) {
    const number = /^T?0*(\d{1,12})$/i.exec(keyword);
    query = query.where((eb) =>
      eb.or([
        ...(number ? [eb('t.id', '=', Number(number[1]))] : []),
        eb(sql`lower(t.to_address)`, '=', keyword.toLowerCase()),
        eb('t.exec_tx_hash', '=', keyword.toLowerCase()),
      ]),
    );
  }
  if (tab === 'todo') {
    const me = viewer.userId;
    query = query
      .where('t.status', 'in', [
        TransferStatus.PendingApproval,
        TransferStatus.PendingSignature,
        TransferStatus.PendingBroadcast,
      ])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('t.status', '=', TransferStatus.PendingApproval),
            eb.or([
              // The wallet's approvers, unless the transfer policy's groups replace them …
              eb.and([
                eb.exists(
                  eb
                    .selectFrom('wallet_members as r')
                    .select('r.wallet_id')
                    .whereRef('r.wallet_id', '=', 't.wallet_id')
                    .where('r.user_id', '=', me)
                    .where('r.role', '=', 'approver'),
                ),
                sql<boolean>`not coalesce((select bool_and((g->>'replaces_wallet_threshold')::boolean)
                  from jsonb_array_elements(coalesce(t.policy->'groups', '[]'::jsonb)) g), false)`,
              ]),
              // … and the members of the groups the policy names.
              sql<boolean>`exists (select 1 from jsonb_array_elements(coalesce(t.policy->'groups', '[]'::jsonb)) g
                where g->'member_ids' @> to_jsonb(${me}::bigint))`,
            ]),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('task_approvals as a')
                  .select('a.task_id')
                  .whereRef('a.task_id', '=', 't.id')
                  .where('a.user_id', '=', me),
              ),
            ),
          ]),
          eb.and([
            eb('t.status', '=', TransferStatus.PendingSignature),
            eb.exists(
              eb
                .selectFrom('wallet_signers as s')
                .select('s.wallet_id')
                .whereRef('s.wallet_id', '=', 't.wallet_id')
                .where('s.user_id', '=', me),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('task_signatures as g')
                  .select('g.task_id')
                  .whereRef('g.task_id', '=', 't.id')
                  .where('g.user_id', '=', me),
              ),
            ),
          ]),
          eb('t.status', '=', TransferStatus.PendingBroadcast),
        ]),
      );
  }
  return query;
}

/** Counts up to COUNT_CAP rows, and says whether the figure is exact. */
export async function cappedTotal(ctx: AppContext, query: ReturnType<typeof transferQuery>) {
  const inner = query.select('t.id').limit(COUNT_CAP + 1);
  const row = await ctx.db
    .selectFrom(inner.as('capped'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return { total: Math.min(count, COUNT_CAP), total_exact: count <= COUNT_CAP };
}

/** On-chain records (deposits in, executions out) of wallets the viewer may see. */
export function recordQuery(ctx: AppContext, viewer: Viewer, filters: RecordFilters) {
  let query = ctx.db
    .selectFrom('transfer_records as r')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .where('r.organization_id', '=', viewer.organizationId);
  if (!viewer.seesAll)
    query = query.where('r.wallet_id', 'in', viewer.walletIds.length > 0 ? viewer.walletIds : [0]);
  if (filters.wallet_id) query = query.where('r.wallet_id', '=', filters.wallet_id);
  if (filters.direction) query = query.where('r.direction', '=', filters.direction);
  return query.select([
    'r.id',
    'r.wallet_id',
    'w.name as wallet_name',
    'r.chain_key',
    'r.direction',
    'r.tx_hash',
    'r.from_address',
    'r.to_address',
    'r.symbol',
    'r.decimals',
    'r.amount',
    'r.block_number',
    'r.task_id',
    'r.created_at',
    'r.remark',
    'r.cost_price',
  ]);
}

/** One on-chain record as the API shows it. */
export function presentRecord(row: Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number]) {
  return {
    id: row.id,
    wallet_id: row.wallet_id,
    wallet_name: row.wallet_name,
    chain_id: row.chain_key,
    direction: row.direction,
    tx_hash: row.tx_hash,
    from: row.from_address,
    to: row.to_address,
    symbol: row.symbol,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    block_number: Number(row.block_number),
    task_id: row.task_id,
    ctime: row.created_at.toISOString(),
    remark: row.remark,
    cost_price: plainDecimal(row.cost_price),
  };
}

/** A numeric column as a plain decimal: no trailing zeros (PostgreSQL pads to the scale). */
export function plainDecimal(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
