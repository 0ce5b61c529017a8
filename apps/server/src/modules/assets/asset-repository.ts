import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { WalletStatus } from '../wallets/wallet-status';

/**
 * What an asset page counts: the wallets (not archived) a person sees in one space, optionally
 * one of them. `whole` is true when that is every wallet of the space (admins, no wallet chosen):
 * the space's daily totals can then answer the trend.
 */
export interface AssetScope {
  organizationId: number;
  whole: boolean;
  wallets: Array<{ id: number; name: string; chain_key: string }>;
}

const ids = (scope: AssetScope) => (scope.wallets.length > 0 ? scope.wallets.map((w) => w.id) : [0]);

/**
 * `column` names a wallet of the scope. For the whole space a semi-join on the space's wallets
 * (a hash of ids, where a list of a thousand would be checked element by element per row).
 */
function inScope(scope: AssetScope, column: string) {
  return scope.whole
    ? sql<boolean>`${sql.ref(column)} in (
        select id from wallets where organization_id = ${scope.organizationId}
          and status <> ${WalletStatus.Archived} and address is not null)`
    : sql<boolean>`${sql.ref(column)} in (${sql.join(ids(scope))})`;
}

/** The space's wallets that are set up and not archived; `onlyIds` narrows them to those. */
export function scopeWallets(db: Db, organizationId: number, onlyIds: number[] | null) {
  let query = db
    .selectFrom('wallets')
    .select(['id', 'name', 'chain_key'])
    .where('organization_id', '=', organizationId)
    .where('status', '<>', WalletStatus.Archived)
    .where('address', 'is not', null);
  if (onlyIds) query = query.where('id', 'in', onlyIds.length > 0 ? onlyIds : [0]);
  return query.orderBy('id').execute();
}

/** USD value per day in [from, to] from the snapshots (days without one are absent). */
export async function dailyValues(
  db: Db,
  scope: AssetScope,
  from: string,
  to: string,
): Promise<Array<{ day: string; value: string }>> {
  const { rows } = scope.whole
    ? await sql<{ day: string; value: string }>`
        select day::text as day, usd_value::text as value from space_asset_days
        where organization_id = ${scope.organizationId} and day between ${from}::date and ${to}::date
        order by day`.execute(db)
    : await sql<{ day: string; value: string }>`
        select day::text as day, sum(usd_value)::text as value from wallet_asset_days
        where wallet_id in (${sql.join(ids(scope))}) and day between ${from}::date and ${to}::date
        group by day order by day`.execute(db);
  return rows;
}

/** The latest daily value before `day` (the trend carries it into days without a snapshot). */
export async function valueBefore(db: Db, scope: AssetScope, day: string): Promise<string | null> {
  const { rows } = scope.whole
    ? await sql<{ value: string }>`
        select usd_value::text as value from space_asset_days
        where organization_id = ${scope.organizationId} and day < ${day}::date
        order by day desc limit 1`.execute(db)
    : await sql<{ value: string }>`
        select sum(usd_value)::text as value from wallet_asset_days
        where wallet_id in (${sql.join(ids(scope))}) and day = (
          select max(day) from wallet_asset_days where wallet_id in (${sql.join(ids(scope))}) and day < ${day}::date
        )`.execute(db);
  return rows[0]?.value ?? null;
}

/** On-chain records of the scope's wallets counted (deposits and executed transfers). */
export async function recordCount(db: Db, scope: AssetScope): Promise<number> {
  const row = await db
    .selectFrom('transfer_records')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(inScope(scope, 'wallet_id'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Outgoing records since `from` per fund purpose (a batch row's own, else its transfer's). */
export async function outflowByPurpose(db: Db, scope: AssetScope, from: string) {
  const { rows } = await sql<{
    label_id: number | null;
    name: string | null;
    symbol: string;
    decimals: number;
    amount: string;
    price: string | null;
    records: number;
  }>`
    select l.id as label_id, l.name, upper(r.symbol) as symbol, r.decimals, sum(r.amount)::text as amount,
      coalesce(r.cost_price, d.usd_price)::text as price, count(*)::int as records
    from transfer_records r
    left join tasks t on t.id = r.task_id
    left join task_outputs o on o.task_id = r.task_id and r.log_index = -1 - o.position
    left join labels l on l.id = coalesce(o.label_id, t.label_id)
    left join price_days d on d.symbol = upper(r.symbol) and d.day = (r.created_at at time zone 'UTC')::date
    where ${inScope(scope, 'r.wallet_id')} and r.direction = 2 and r.created_at >= ${from}::date
    group by 1, 2, 3, 4, 6`.execute(db);
  return rows;
}

/**
 * The scope's records (since `from`) per day, direction and token, deposits before transfers
 * out, summed per price: the cost price noted on a record, else the token's price that day; null
 * when neither is known. Summed before the prices are joined, so 50 000 records cost one pass.
 */
export async function recordGroups(db: Db, scope: AssetScope, from?: string) {
  const { rows } = await sql<{
    day: string;
    direction: number;
    symbol: string;
    decimals: number;
    amount: string;
    price: string | null;
    records: number;
  }>`
    select g.day::text as day, g.direction, g.symbol, g.decimals, g.amount::text as amount,
      coalesce(g.cost_price, d.usd_price)::text as price, g.records
    from (
      select (r.created_at at time zone 'UTC')::date as day, r.direction, upper(r.symbol) as symbol,
        r.decimals, r.cost_price, sum(r.amount) as amount, count(*)::int as records
      from transfer_records r
      where ${inScope(scope, 'r.wallet_id')}
        ${from ? sql`and r.created_at >= ${from}::date` : sql``}
      group by 1, 2, 3, 4, 5
    ) g
    left join price_days d on d.symbol = g.symbol and d.day = g.day
    order by g.day, g.direction`.execute(db);
  return rows;
}

/**
 * Network fees the scope's wallets paid since `from`, per coin: the Bitcoin family's fee of each
 * completed transfer (the wallet pays it). A Safe's execution gas is paid by whoever broadcasts,
 * not by the wallet, so EVM transfers add nothing here.
 */
export async function feesPaid(db: Db, scope: AssetScope, from: string) {
  const { rows } = await sql<{ chain_key: string; day: string; fee: string }>`
    select w.chain_key, (t.updated_at at time zone 'UTC')::date::text as day, sum(t.fee_sat)::text as fee
    from tasks t join wallets w on w.id = t.wallet_id
    where ${inScope(scope, 't.wallet_id')} and t.status = 1 and t.fee_sat is not null
      and t.updated_at >= ${from}::date
    group by 1, 2`.execute(db);
  return rows;
}
